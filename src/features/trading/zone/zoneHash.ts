/**
 * What an order's `zoneHash` tells the Kirafuda zone and the server (the offerer signs it with the order, so it is
 * the offerer's own word): zero for an ordinary order; an address in the low 20 bytes (the upper 12 zero) for a
 * private order that only that address may fill, which the zone enforces on chain (a counter offer); a timed
 * auction's listing or a bid on one carries a marker, and the server then signs its fulfilment only for the
 * platform's settlement account, when the auction is settled.
 * @see ../../../../contracts/KirafudaZone.sol
 */
import { type Address, getAddress, type Hex, keccak256, padHex, stringToBytes, zeroHash } from 'viem';

/** A timed auction's listing: filled only by the settlement, with its winning bid. */
export const AUCTION_ZONE_HASH: Hex = keccak256(stringToBytes('Kirafuda timed auction listing'));
/** A bid on a timed auction: filled only by the settlement, if it wins. */
export const BID_ZONE_HASH: Hex = keccak256(stringToBytes('Kirafuda timed auction bid'));
/** An ordinary order. */
export const OPEN_ZONE_HASH: Hex = zeroHash;

/** The zone hash of an order only `taker` may fill. */
export function privateZoneHash(taker: Address): Hex {
  return padHex(taker.toLowerCase() as Hex, { size: 32 });
}

/** The only address that may fill an order with this zone hash, or undefined for one anyone may fill. */
export function privateTaker(zoneHash: Hex): Address | undefined {
  const value = BigInt(zoneHash);
  if (value === 0n || value >> 160n !== 0n) return undefined;
  return getAddress(padHex(`0x${value.toString(16)}`, { size: 20 }));
}

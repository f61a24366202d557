/**
 * The Kirafuda zone's `extraData` (SIP-7 over SIP-6 version 0x00): the expected fulfiller (20 bytes), the
 * signature's expiration (uint64, unix seconds), the server's EIP-2098 compact signature (64 bytes) and the
 * context. The context holds the terms the server accepted the order with: the platform fee in basis points
 * (uint16) and its recipient (20 bytes), which the zone checks the order pays, followed, for an order whose fee and
 * royalty another order of the same fill pays (a timed auction's listing, paid by its winning bid), by that order's
 * hash, which the zone checks the fill included. The server signs `SignedOrder(fulfiller, expiration, orderHash,
 * context)` in the zone's EIP-712 domain.
 * @see https://github.com/ProjectOpenSea/SIPs/blob/main/SIPS/sip-7.md, sip-6.md
 * @see ../../../../contracts/KirafudaZone.sol
 */
import {
  type Address,
  concatHex,
  type Hex,
  numberToHex,
  type Signature,
  serializeCompactSignature,
  signatureToCompactSignature,
} from 'viem';

/** EIP-712 name and version of the zone's domain. */
export const ZONE_DOMAIN = { name: 'KirafudaZone', version: '1' } as const;

/** SIP-7's signed struct. */
export const signedOrderTypes = {
  SignedOrder: [
    { name: 'fulfiller', type: 'address' },
    { name: 'expiration', type: 'uint64' },
    { name: 'orderHash', type: 'bytes32' },
    { name: 'context', type: 'bytes' },
  ],
} as const;

/** The zone's EIP-712 domain on a chain. */
export function zoneDomain(chainId: number, zone: Address) {
  return { ...ZONE_DOMAIN, chainId, verifyingContract: zone };
}

/** What the server vouches for: the fee terms, and the order that pays fee and royalty when another one does. */
export interface ZoneContext {
  feeBps: number;
  feeRecipient: Address;
  /** A timed auction's listing: the winning bid's hash. */
  pairedOrderHash?: Hex | undefined;
}

/** The context bytes of {@link ZoneContext}. */
export function encodeZoneContext(context: ZoneContext): Hex {
  const terms = concatHex([numberToHex(context.feeBps, { size: 2 }), context.feeRecipient.toLowerCase() as Hex]);
  return context.pairedOrderHash ? concatHex([terms, context.pairedOrderHash]) : terms;
}

/** The parts of the extra data. */
export interface ZoneExtraData {
  fulfiller: Address;
  expiration: bigint;
  signature: Signature | Hex;
  context: Hex;
}

/** The advanced order's `extraData` for the zone. */
export function encodeZoneExtraData({ fulfiller, expiration, signature, context }: ZoneExtraData): Hex {
  const compact =
    typeof signature === 'string' ? signature : serializeCompactSignature(signatureToCompactSignature(signature));
  return concatHex(['0x00', fulfiller.toLowerCase() as Hex, numberToHex(expiration, { size: 8 }), compact, context]);
}

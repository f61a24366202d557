/**
 * Defaults of the `local` chain environment (`CHAIN_ENV` unset or `local`, the chains `npm start` runs on
 * anvil): the well-known anvil account 0 deploys the contracts, owns the platform's conduit and holds the
 * card minter role; the platform's fee recipient and payment address are fixed derived addresses. The key is public (anvil's `test test ... junk` mnemonic) and only ever used on local
 * chains; every other environment configures its own (`MINTER_PRIVATE_KEY`, `SEAPORT_CONDUIT_KEY`, see
 * docs/operations.md).
 */
import { type Address, getAddress, type Hex, padHex, sha256, stringToBytes } from 'viem';

/** Anvil account 0: deploys the local contracts, owns the conduit, holds the Card minter role. */
export const LOCAL_DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** Private key of {@link LOCAL_DEPLOYER} (anvil's first development key, public), the local platform minter. */
export const LOCAL_MINTER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/**
 * Private key of anvil development account 9 (public), the local auction settlement account: the zone of
 * timed-auction listings, which fills them against the winning bid (see ../trading/orders/settler.server.ts).
 */
export const LOCAL_SETTLER_KEY: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

/**
 * Private key of the local zone signer (a fixed derived key, public, holding nothing): the Kirafuda zone's
 * signer on local chains, which signs fulfilments (see ../trading/zone/). Every other environment configures
 * `ZONE_SIGNER_PRIVATE_KEY`.
 */
export const LOCAL_ZONE_SIGNER_KEY: Hex = sha256(stringToBytes('kirafuda-local-zone-signer'));

/**
 * The conduit key of a conduit created by `deployer` (Seaport's format: the creator's address, then 12 zero
 * bytes). `deployLocal` creates the local conduit this way.
 */
export function conduitKeyOf(deployer: Address): Hex {
  return padHex(deployer.toLowerCase() as Hex, { dir: 'right', size: 32 });
}

/** The conduit key listings carry on local chains: the conduit `npm start` deploys. */
export const LOCAL_CONDUIT_KEY: Hex = conduitKeyOf(LOCAL_DEPLOYER);

/** A fixed address derived from a label (SHA-256), controlled by no key. */
function derivedAddress(label: string): Address {
  return getAddress(sha256(stringToBytes(label)).slice(0, 42));
}

/** Where listings on local chains pay the platform fee (see ../trading/terms/platformAccounts.server.ts). */
export const LOCAL_FEE_RECIPIENT = derivedAddress('kirafuda-demo-fee-recipient');
/** The platform's payment address on local chains. */
export const LOCAL_PAYMENT_ADDRESS = derivedAddress('kirafuda-demo-payment-address');

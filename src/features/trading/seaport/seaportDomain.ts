/**
 * The EIP-712 domain of one Seaport deployment. It binds a signature to a chain and a contract, so an order
 * signed for one chain (or one Seaport) cannot be filled on another.
 * @see EIP-712 "domainSeparator"
 */
import type { Address } from 'viem';

import { SEAPORT_DOMAIN_NAME, SEAPORT_VERSION } from './seaportTypes';

/** Parameters of {@link seaportDomain}. */
export interface SeaportDomainParameters {
  chainId: number;
  /** The Seaport contract (the chain config's `exchange`). */
  seaport: Address;
}

/** The domain fields, all present (assignable to viem's `TypedDataDomain`). */
export interface SeaportDomainReturnType {
  name: typeof SEAPORT_DOMAIN_NAME;
  version: typeof SEAPORT_VERSION;
  chainId: number;
  verifyingContract: Address;
}

/** Seaport 1.6's domain on a chain: name 'Seaport', version '1.6', chain id, verifying contract. */
export function seaportDomain({ chainId, seaport }: SeaportDomainParameters): SeaportDomainReturnType {
  return { name: SEAPORT_DOMAIN_NAME, version: SEAPORT_VERSION, chainId, verifyingContract: seaport };
}

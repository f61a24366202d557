/**
 * The platform's own addresses on chain:
 * - `PLATFORM_FEE_RECIPIENT`: receives the platform fee of every order (a consideration item of its own).
 * - `PLATFORM_PAYMENT_ADDRESS`: where the platform collects money on an illustrator's behalf (a royalty or
 *   the price of a card it holds for them). What reaches it for an illustrator is **payable**: the platform
 *   owes it and pays it out on request. Money paid straight to the illustrator's wallet is only reported.
 *   It must differ from the fee recipient (else what reaches it could not be told from fees).
 *
 * Local chains (`CHAIN_ENV` unset or `local`) default to fixed derived addresses that no key controls, so the
 * demo works without configuration; every other environment must set them (listings are refused without a
 * fee recipient; without a payment address nothing on chain is payable).
 *
 * @see ../../../../docs/operations.md (configuration)
 */
import { type Address, getAddress } from 'viem';
import { serverEnvironment } from '~/features/chains/config.server';
import { LOCAL_FEE_RECIPIENT, LOCAL_PAYMENT_ADDRESS } from '~/features/chains/localDefaults';
import { ADDRESS_PATTERN } from '~/lib/addresses';

/** The variables read here. */
export interface PlatformAccountsEnv {
  CHAIN_ENV?: string | undefined;
  PLATFORM_FEE_RECIPIENT?: string | undefined;
  PLATFORM_PAYMENT_ADDRESS?: string | undefined;
}

function configured(name: string, value: string | undefined, local: Address, env: PlatformAccountsEnv) {
  const text = value?.trim();
  if (text) {
    if (!ADDRESS_PATTERN.test(text)) throw new Error(`${name} must be an address`);
    return getAddress(text);
  }
  return serverEnvironment(env) === 'local' ? local : undefined;
}

/** The platform fee recipient (see the module comment). */
export function platformFeeRecipient(env: PlatformAccountsEnv = process.env): Address | undefined {
  return configured('PLATFORM_FEE_RECIPIENT', env.PLATFORM_FEE_RECIPIENT, LOCAL_FEE_RECIPIENT, env);
}

/** The platform's payment address (see the module comment); undefined when it is the fee recipient. */
export function platformPaymentAddress(env: PlatformAccountsEnv = process.env): Address | undefined {
  const address = configured('PLATFORM_PAYMENT_ADDRESS', env.PLATFORM_PAYMENT_ADDRESS, LOCAL_PAYMENT_ADDRESS, env);
  const fee = platformFeeRecipient(env);
  return address && fee && address.toLowerCase() === fee.toLowerCase() ? undefined : address;
}

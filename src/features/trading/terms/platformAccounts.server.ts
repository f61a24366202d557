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
import type { Settings } from '~/server/settings/schema';

/** The settings read here. */
export type PlatformAccountsSettings = Pick<
  Settings,
  'CHAIN_ENV' | 'PLATFORM_FEE_RECIPIENT' | 'PLATFORM_PAYMENT_ADDRESS'
>;

/** The configured address (checksummed), else on local chains `local`. */
function configured(value: Address | undefined, local: Address, settings: Pick<Settings, 'CHAIN_ENV'>) {
  if (value) return getAddress(value);
  return serverEnvironment(settings) === 'local' ? local : undefined;
}

/** The platform fee recipient (see the module comment). */
export function platformFeeRecipient(
  settings: Pick<Settings, 'CHAIN_ENV' | 'PLATFORM_FEE_RECIPIENT'>,
): Address | undefined {
  return configured(settings.PLATFORM_FEE_RECIPIENT, LOCAL_FEE_RECIPIENT, settings);
}

/** The platform's payment address (see the module comment); undefined when it is the fee recipient. */
export function platformPaymentAddress(settings: PlatformAccountsSettings): Address | undefined {
  const address = configured(settings.PLATFORM_PAYMENT_ADDRESS, LOCAL_PAYMENT_ADDRESS, settings);
  const fee = platformFeeRecipient(settings);
  return address && fee && address.toLowerCase() === fee.toLowerCase() ? undefined : address;
}

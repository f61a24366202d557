import {
  cardPaymentSettingsSchema,
  readCardPaymentSettings,
  setCardPaymentSettings,
} from '~/features/admin/fees/cardPaymentSettings.server';
import { settingsRoutes } from './_settingsRoutes';

/**
 * `GET /api/v1/admins/card_payment_settings` (admins) -> `{platformFeeBps, providerFeeBps, payableHoldDays}`;
 * `PUT` of `{platform_fee_bps, provider_fee_bps, payable_hold_days}` (admins; fees 0..5000 bp, hold 0..120 days)
 * -> the settings. Audited; 422 out of range.
 */
export const { GET, PUT } = settingsRoutes({
  schema: cardPaymentSettingsSchema,
  read: readCardPaymentSettings,
  write: setCardPaymentSettings,
});

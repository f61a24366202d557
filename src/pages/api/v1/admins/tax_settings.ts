import { setTaxSettings } from '~/features/admin/money/adminTax.server';
import { readTaxSettings, taxSettingsSchema } from '~/features/ledger/tax/taxSettings.server';
import { settingsRoutes } from './_settingsRoutes';

/**
 * `GET /api/v1/admins/tax_settings` (admins) -> `{withholdPrimary, withholdRoyalty, issuerName, invoiceNumber,
 * payoutCutoffDay, payoutPaymentDay}`; `PUT` of the same (admins) -> the settings. Audited; 422 naming a wrong
 * field.
 */
export const { GET, PUT } = settingsRoutes({ schema: taxSettingsSchema, read: readTaxSettings, write: setTaxSettings });

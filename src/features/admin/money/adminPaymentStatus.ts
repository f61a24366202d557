/** Card payment statuses with the admin message naming each, in the order the filter offers them. Pure. */
import type { AdminMessageKey } from '../shell/adminText';

/** Status value (as `payment_histories.status`) and its label key. */
export const PAYMENT_STATUS_OPTIONS: readonly (readonly [string, AdminMessageKey])[] = [
  ['succeeded', 'admin.payments.statusSucceeded'],
  ['pending', 'admin.payments.statusPending'],
  ['failed', 'admin.payments.statusFailed'],
  ['refunded', 'admin.payments.statusRefunded'],
  ['cancelled', 'admin.payments.statusCancelled'],
];

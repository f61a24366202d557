/**
 * When payouts are cut off and paid, in business days of Japanese banks: a day that falls on a Saturday, a
 * Sunday, a national holiday (the kept list of `@holiday-jp/holiday_jp`, substitute and citizens' holidays
 * included) or the banks' New Year closing (31 December to 3 January) moves to the next business day, as
 * transfers and the monthly cut-off of BOOTH, pixivFANBOX and PIXTA do. The schedule: requests made up to a
 * month's cut-off day (an admin setting; 31 = the month's last day) are paid on the payment day of the next month.
 * The same rule moves the withholding remittance's due date (the 10th of the next month). Pure.
 *
 * @see https://www.nta.go.jp/taxes/shiraberu/taxanswer/gensen/2505.htm (納付期限), 国税通則法 第10条第2項
 */
import holidayJp from '@holiday-jp/holiday_jp';
import { addDays, addMonths, daysInMonth, jstDay } from './jstCalendar';

/** Holidays by `YYYY-MM-DD`, with their Japanese and English names. */
const HOLIDAYS: Readonly<Record<string, { name: string; name_en: string }>> = holidayJp.holidays;

/** The admin's payout calendar: day of the month of the cut-off and of the payment (1..31, 31 = last day). */
export interface PayoutCalendarSettings {
  cutoffDay: number;
  paymentDay: number;
}

/** Defaults: cut off at the end of the month, paid on the 15th of the next (月末締め翌月15日払い). */
export const DEFAULT_PAYOUT_CALENDAR: PayoutCalendarSettings = { cutoffDay: 31, paymentDay: 15 };

/** The holiday on `day`, or undefined. */
export function holidayOn(day: string): { name: string; nameEn: string } | undefined {
  const holiday = HOLIDAYS[day];
  return holiday ? { name: holiday.name, nameEn: holiday.name_en } : undefined;
}

/** Whether banks are open on `day` (`YYYY-MM-DD`): not a weekend, a national holiday or 31 Dec – 3 Jan. */
export function isBusinessDay(day: string): boolean {
  const week = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (week === 0 || week === 6) return false;
  const monthDay = day.slice(5);
  if (monthDay === '12-31' || monthDay === '01-01' || monthDay === '01-02' || monthDay === '01-03') return false;
  return HOLIDAYS[day] === undefined;
}

/** `day` itself when a business day, else the next one. */
export function nextBusinessDay(day: string): string {
  let next = day;
  while (!isBusinessDay(next)) next = addDays(next, 1);
  return next;
}

/** Day `dayOfMonth` of `month` (`YYYY-MM`), the last day when the month is shorter. */
function dayOf(month: string, dayOfMonth: number): string {
  return `${month}-${String(Math.min(dayOfMonth, daysInMonth(month))).padStart(2, '0')}`;
}

/** One cut-off and the payment of the requests it closes. */
export interface PayoutDates {
  /** The last day requests are taken for this payment (a business day). */
  cutoff: string;
  /** When they are paid (a business day). */
  payment: string;
  /** The days as the settings put them, before moving to business days (to say why a date moved). */
  plannedCutoff: string;
  plannedPayment: string;
}

/** The cut-off of `month` (`YYYY-MM`) and its payment day in the next month. */
export function payoutDatesOf(month: string, settings: PayoutCalendarSettings): PayoutDates {
  const plannedCutoff = dayOf(month, settings.cutoffDay);
  const plannedPayment = dayOf(addMonths(month, 1), settings.paymentDay);
  return {
    cutoff: nextBusinessDay(plannedCutoff),
    payment: nextBusinessDay(plannedPayment),
    plannedCutoff,
    plannedPayment,
  };
}

/** The cut-off a request made at `at` falls in, and when it is paid. */
export function payoutDatesFor(at: Date, settings: PayoutCalendarSettings): PayoutDates {
  const day = jstDay(at);
  const month = day.slice(0, 7);
  const dates = payoutDatesOf(month, settings);
  if (day <= dates.cutoff) {
    // A cut-off moved past the month's end still closes that month: the previous month's may reach here.
    const previous = payoutDatesOf(addMonths(month, -1), settings);
    return day <= previous.cutoff ? previous : dates;
  }
  return payoutDatesOf(addMonths(month, 1), settings);
}

/** When the tax withheld in `month` (`YYYY-MM`, the month it was paid) is due: the 10th of the next month. */
export function withholdingDueDate(month: string): string {
  return nextBusinessDay(`${addMonths(month, 1)}-10`);
}

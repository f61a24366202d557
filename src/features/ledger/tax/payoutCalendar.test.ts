import { describe, expect, it } from 'vitest';
import { jstDayStart } from './jstCalendar';
import {
  DEFAULT_PAYOUT_CALENDAR,
  holidayOn,
  isBusinessDay,
  nextBusinessDay,
  payoutDatesFor,
  payoutDatesOf,
  withholdingDueDate,
} from './payoutCalendar';

describe('business days', () => {
  it('skips weekends, national holidays with their substitutes, and the banks’ New Year', () => {
    expect(isBusinessDay('2027-03-19')).toBe(true); // Friday
    expect(isBusinessDay('2027-03-20')).toBe(false); // Saturday
    expect(holidayOn('2027-03-21')?.name).toBe('春分の日'); // Sunday
    expect(holidayOn('2027-03-22')?.name).toMatch(/振替休日/);
    expect(nextBusinessDay('2027-03-20')).toBe('2027-03-23');
    expect(nextBusinessDay('2026-12-31')).toBe('2027-01-04');
    expect(nextBusinessDay('2026-05-04')).toBe('2026-05-07'); // みどりの日, こどもの日, 振替休日
  });
});

describe('payout dates', () => {
  it('move a payment day that falls on a holiday to the next business day', () => {
    const dates = payoutDatesOf('2027-02', { cutoffDay: 31, paymentDay: 21 });
    expect(dates).toEqual({
      cutoff: '2027-03-01', // 28 February is a Sunday
      payment: '2027-03-23',
      plannedCutoff: '2027-02-28',
      plannedPayment: '2027-03-21',
    });
  });

  it('close December on the first business day of January and pay in January', () => {
    const dates = payoutDatesOf('2026-12', DEFAULT_PAYOUT_CALENDAR);
    expect(dates.cutoff).toBe('2027-01-04');
    expect(dates.payment).toBe('2027-01-15');
  });

  it('put a request in the cut-off it was made before, in Japan time', () => {
    // 2026-11-30 23:30 JST: November's cut-off (Monday the 30th).
    expect(payoutDatesFor(new Date('2026-11-30T14:30:00Z'), DEFAULT_PAYOUT_CALENDAR).payment).toBe('2026-12-15');
    // 2026-12-01 00:30 JST: December's.
    expect(payoutDatesFor(new Date('2026-11-30T15:30:00Z'), DEFAULT_PAYOUT_CALENDAR).payment).toBe('2027-01-15');
    // 2027-01-02, before December's cut-off moved to 4 January: still December's.
    expect(payoutDatesFor(jstDayStart('2027-01-02'), DEFAULT_PAYOUT_CALENDAR).cutoff).toBe('2027-01-04');
    expect(payoutDatesFor(jstDayStart('2027-01-05'), DEFAULT_PAYOUT_CALENDAR).cutoff).toBe('2027-02-01');
  });
});

describe('the withholding remittance', () => {
  it('is due on the 10th of the next month, moved to a business day', () => {
    expect(withholdingDueDate('2026-11')).toBe('2026-12-10');
    expect(withholdingDueDate('2026-12')).toBe('2027-01-12'); // 10 Jan is a Sunday, 11 Jan 成人の日
    expect(withholdingDueDate('2027-09')).toBe('2027-10-12'); // 10 Oct Sunday, 11 Oct スポーツの日
  });
});

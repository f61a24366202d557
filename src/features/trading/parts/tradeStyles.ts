/** Tailwind classes the trading buttons and fields share. */
export const TRADE_BUTTON =
  'rounded-full bg-primary px-5 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60';

export const TRADE_FIELD = 'rounded-lg border border-surface-border bg-surface px-3 py-2';

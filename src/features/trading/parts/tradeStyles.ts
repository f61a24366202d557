/**
 * Classes the trading buttons and fields share; the button's is a stylesheet class (`btn-trade`,
 * src/styles/global.css), since a token page draws several on the server.
 */
export const TRADE_BUTTON = 'btn-trade';

export const TRADE_FIELD = 'rounded-lg border border-surface-border bg-surface px-3 py-2';

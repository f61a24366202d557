/**
 * The standard items a Specified Commercial Transactions Act notice lists (each a heading of
 * /transaction-act), checked by the unit test of the legal content and by the browser test of the page.
 */
export const TRANSACTION_ACT_ITEMS = [
  '販売業者',
  '運営統括責任者',
  '所在地',
  '電話番号',
  'メールアドレス',
  '販売価格',
  '商品代金以外の必要料金',
  '支払方法',
  '支払時期',
  '商品の引渡時期',
  '返品・キャンセル',
  '動作環境',
] as const;

/**
 * The card checkout's terms (`pay.terms.<key>`, src/features/payments/checkoutModel.ts) that the
 * transaction act notice must say in the same words, and the headings of the notice's section about them.
 */
export const CARD_CHECKOUT_SECTION = {
  ja: 'クレジットカード（円建て）での購入',
  en: 'Buying by credit card (in yen)',
} as const;

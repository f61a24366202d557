import bell from 'island-messages:notify/bell,empty';
import trade from 'island-messages:trade';
import tradeOffer from 'island-messages:tradeOffer';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import ja from './ja.json';
import { getT } from './t';

describe('island messages loaded with the code', () => {
  it('hold every key under the prefix in both languages, as the server says them without variables', () => {
    const tradeKeys = Object.keys(ja).filter((key) => key.startsWith('trade.'));
    expect(Object.keys(trade.ja).sort()).toEqual(tradeKeys.map((key) => key.slice('trade.'.length)).sort());
    for (const locale of ['ja', 'en'] as const) {
      const t = getT(locale);
      for (const key of tradeKeys) expect(trade[locale][key.slice('trade.'.length)], key).toBe(t(key as never));
    }
    expect(trade.en['sell']).toBe(en['trade.sell']);
    expect(trade.ja['sell']).toBe(ja['trade.sell']);
  });

  it('hold the keys of their prefix only (`tradeOffer.` is not `trade.`)', () => {
    expect(tradeOffer.en['heading']).toBe(en['tradeOffer.heading']);
    expect(tradeOffer.ja['offer']).toBe(ja['tradeOffer.offer']);
    expect(tradeOffer.en['sell']).toBeUndefined();
    expect(trade.en['heading']).toBeUndefined();
  });

  it('hold only the keys listed after a slash', () => {
    expect(bell).toEqual({
      ja: { bell: ja['notify.bell'], empty: ja['notify.empty'] },
      en: { bell: en['notify.bell'], empty: en['notify.empty'] },
    });
  });
});

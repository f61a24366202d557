import { describe, expect, test } from 'vitest';
import en from '~/features/i18n/en.json';
import ja from '~/features/i18n/ja.json';
import { CHECKOUT_MESSAGE_KEYS, type CheckoutMessages, holdRefusalMessage } from './checkoutModel';

const messages = (table: Record<string, string>) =>
  Object.fromEntries(CHECKOUT_MESSAGE_KEYS.map((key) => [key, table[`pay.checkout.${key}`] ?? ''])) as CheckoutMessages;

describe('what the checkout says when the site will not hold a card', () => {
  test('names the reason and when to try again, in minutes rounded up, in both languages', () => {
    expect(holdRefusalMessage(messages(en), { reason: 'reserved', retryAfterSeconds: 61 })).toBe(
      'Sorry, all remaining cards are reserved by other buyers; try again in 2 min.',
    );
    expect(holdRefusalMessage(messages(ja), { reason: 'reserved', retryAfterSeconds: 900 })).toBe(
      '申し訳ありません。残りのカードはすべてほかの方が予約中です。15分後にもう一度お試しください。',
    );
    expect(holdRefusalMessage(messages(en), { reason: 'limit', retryAfterSeconds: 1_800 })).toMatch(/30 min\.$/);
    expect(holdRefusalMessage(messages(en), { reason: 'lapsed', retryAfterSeconds: 30 })).toMatch(/1 min\.$/);
    expect(holdRefusalMessage(messages(en), { reason: 'buyer_limit', retryAfterSeconds: 900 })).toMatch(/15 min\.$/);
    expect(holdRefusalMessage(messages(en), { reason: 'sold_out', retryAfterSeconds: null })).toBe(
      'Sorry, it is sold out.',
    );
  });

  test('says nothing of its own for an answer that is not a refused hold', () => {
    expect(holdRefusalMessage(messages(en), JSON.parse('{"message":"Internal server error"}'))).toBeUndefined();
    expect(holdRefusalMessage(messages(en), { reason: 'toString' })).toBeUndefined();
  });

  test('every message has a Japanese and an English text', () => {
    for (const key of CHECKOUT_MESSAGE_KEYS) {
      expect(messages(ja)[key], key).not.toBe('');
      expect(messages(en)[key], key).not.toBe('');
    }
  });
});

import { describe, expect, test } from 'vitest';
import { chainKeyOfId } from '~/features/chains/chainKey';
import { getT } from '~/features/i18n/t';
import { priceText as formatPrice } from '~/ui/data/priceText';
import { cardDescription, cardName, localName, traitText, truncate } from './display';

describe('localName', () => {
  test('the English pages show the English name', () => {
    expect(localName({ name: '夜桜幻想譚', nameEn: 'Night Sakura Fantasia' }, 'en')).toBe('Night Sakura Fantasia');
  });

  test('the Japanese pages, and English pages without an English name, show the Japanese name', () => {
    expect(localName({ name: '夜桜幻想譚', nameEn: 'Night Sakura Fantasia' }, 'ja')).toBe('夜桜幻想譚');
    expect(localName({ name: '夜桜幻想譚', nameEn: ' ' }, 'en')).toBe('夜桜幻想譚');
    expect(localName({ name: '夜桜幻想譚', nameEn: null }, 'en')).toBe('夜桜幻想譚');
  });
});

describe('cardName and cardDescription', () => {
  const card = { name: '夜桜の巫女', metadata: { name_en: 'Shrine Maiden' }, description: '説明', descriptionEn: null };

  test('a card is named in English from its metadata', () => {
    expect(cardName(card, 'en')).toBe('Shrine Maiden');
    expect(cardName(card, 'ja')).toBe('夜桜の巫女');
  });

  test('a missing English description falls back to the Japanese one', () => {
    expect(cardDescription(card, 'en')).toBe('説明');
    expect(cardDescription({ description: null, descriptionEn: null }, 'ja')).toBeNull();
  });
});

describe('traitText', () => {
  const element = { traitType: 'Element', value: 'Blossom', displayType: null, valueJa: '花' };

  test('the Japanese pages name well-known traits and show values in Japanese when the metadata has them', () => {
    expect(traitText(element, 'ja', getT('ja'))).toEqual({ type: '属性', value: '花' });
    expect(traitText({ traitType: 'Artist', value: 'Mio Sakurai', displayType: null }, 'ja', getT('ja')).type).toBe(
      'クリエイター',
    );
    expect(traitText({ traitType: 'Serial', value: 1200, displayType: 'number' }, 'ja', getT('ja'))).toEqual({
      type: 'シリアル',
      value: '1,200',
    });
  });

  test('the English pages keep the metadata value, and an unknown trait keeps its own name', () => {
    expect(traitText(element, 'en', getT('en'))).toEqual({ type: 'Element', value: 'Blossom' });
    expect(traitText({ traitType: '背景', value: '夜空', displayType: null }, 'en', getT('en'))).toEqual({
      type: '背景',
      value: '夜空',
    });
  });
});

describe('chainKeyOfId', () => {
  test('mainnets and test networks map to their network; others to nothing', () => {
    expect(chainKeyOfId(137)).toBe('POLYGON');
    expect(chainKeyOfId(80002)).toBe('POLYGON');
    expect(chainKeyOfId(56)).toBe('BSC');
    expect(chainKeyOfId(42)).toBeUndefined();
  });
});

describe('truncate', () => {
  test('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('a  b', 10)).toBe('a b');
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
  });
});

describe('formatPrice', () => {
  test('crypto prices show ether units and the symbol, yen prices the yen sign', () => {
    expect(formatPrice('50000000000000000', 2)).toBe('0.05 ETH');
    expect(formatPrice('1500', 1)).toBe('¥1,500');
  });

  test('an unknown currency code shows the raw amount', () => {
    expect(formatPrice('123', 99)).toBe('123');
  });
});

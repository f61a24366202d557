import { describe, expect, test } from 'vitest';
import { getT } from '~/features/i18n/t';
import type { CardDetail } from '../types';
import { tokenMeta, tokenOgImagePath, tokenPath } from './tokenMeta';

const card: CardDetail = {
  id: 3,
  chainId: 137,
  contractAddress: '0x00000000000000000000000000000000000000aa',
  tokenId: '7',
  serial: 7,
  name: '夜桜の巫女',
  nameEn: 'Shrine Maiden',
  image: '/images/cards/card-01.svg',
  owner: '0x00000000000000000000000000000000000000bb',
  ownerName: null,
  views: 10,
  description: null,
  descriptionEn: 'A shrine maiden under the night cherries.',
  metadata: { name_en: 'Shrine Maiden' },
  traits: [],
  mintedAt: null,
  category: {
    id: 1,
    name: '夜桜幻想譚',
    nameEn: 'Night Sakura',
    image: null,
    contractAddress: '0x00000000000000000000000000000000000000aa',
  },
  creator: {
    id: 1,
    name: '桜井ミオ',
    nameEn: 'Mio Sakurai',
    walletAddress: '0x00000000000000000000000000000000000000cc',
    image: null,
  },
  listing: null,
  platformFeeBps: 250,
  royaltyGuaranteed: false,
  activity: [],
  lastSale: null,
  favoriteCount: 0,
  rarity: null,
};

describe('tokenMeta', () => {
  test('the English title is the English name with the serial; the image is the token OG PNG', () => {
    const meta = tokenMeta(card, 'en', getT('en'));
    expect(meta.title).toBe('Shrine Maiden #7');
    expect(meta.image).toBe('/og/tokens/137/0x00000000000000000000000000000000000000aa/7.png');
    expect(meta.description).toContain('A shrine maiden under the night cherries.');
  });

  test('without its own description, the card is described by collection and creator, with its price', () => {
    const listed: CardDetail = {
      ...card,
      descriptionEn: null,
      listing: {
        id: 1,
        price: '50000000000000000',
        saleType: 'fixed',
        startPrice: '50000000000000000',
        endPrice: '50000000000000000',
        currentPrice: '50000000000000000',
        currencyCode: 6,
        orderHash: '0x',
        expiresAt: '2030-01-01T00:00:00.000Z',
        unbuyableReason: null,
        startsAt: '2020-01-01T00:00:00.000Z',
        sellerAddress: card.owner,
        exchange: '0x',
        counter: '0',
        order: {},
        signature: '0x',
      },
    };
    const meta = tokenMeta(listed, 'ja', getT('ja'));
    expect(meta.title).toBe('夜桜の巫女 #7');
    expect(meta.description).toContain('夜桜幻想譚');
    expect(meta.description).toContain('桜井ミオ');
    expect(meta.description).toContain('0.05 POL');
  });

  test('a long description is cut to 160 characters', () => {
    const meta = tokenMeta({ ...card, descriptionEn: 'x'.repeat(400) }, 'en', getT('en'));
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });
});

describe('token paths', () => {
  test('the canonical token path and the image path name chain, contract and token id', () => {
    expect(tokenPath(card)).toBe('/tokens/137/0x00000000000000000000000000000000000000aa/7');
    expect(tokenOgImagePath(card)).toBe(`${tokenPath(card).replace('/tokens', '/og/tokens')}.png`);
  });
});

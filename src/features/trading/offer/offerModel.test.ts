import { describe, expect, it } from 'vitest';
import { bestOffer, offerRole, type SignedOfferItem } from './offerModel';

const owner = '0x1111111111111111111111111111111111111111';
const offerer = '0x2222222222222222222222222222222222222222';

describe('offerRole', () => {
  it('lets the owner accept an offer but never a bid (only its auction’s settlement fills it); its maker cancels', () => {
    const offer = { offerer, active: true, bid: false };
    expect(offerRole(offer, owner, owner)).toBe('accept');
    expect(offerRole({ ...offer, bid: true }, owner, owner)).toBe('none');
    expect(offerRole({ ...offer, active: false }, owner, owner)).toBe('none');
    expect(offerRole({ ...offer, bid: true }, offerer, owner)).toBe('cancel');
  });
});

describe('bestOffer', () => {
  const weth = '0x00000000000000000000000000000000000000aa';
  const atem = '0x00000000000000000000000000000000000000bb';
  const offer = (price: string, token: string, extra: Partial<SignedOfferItem> = {}) =>
    ({
      offerer,
      active: true,
      bid: false,
      price,
      token,
      ...extra,
    }) as unknown as SignedOfferItem;

  it("is the owner's highest acceptable offer in the chain's wrapped coin", () => {
    const offers = [offer('5', atem), offer('2', weth), offer('3', weth), offer('9', weth, { active: false })];
    expect(bestOffer(offers, owner, owner, weth)?.price).toBe('3');
    // Nobody else may sell the card; no offer in the coin, no "Sell now".
    expect(bestOffer(offers, offerer, owner, weth)).toBeNull();
    expect(bestOffer([offer('5', atem)], owner, owner, weth)).toBeNull();
    expect(bestOffer(offers, owner, owner, null)).toBeNull();
  });
});

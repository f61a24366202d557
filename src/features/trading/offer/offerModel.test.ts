import { describe, expect, it } from 'vitest';
import { offerRole } from './offerModel';

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

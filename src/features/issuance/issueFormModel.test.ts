import { describe, expect, it } from 'vitest';
import { issueFormProblems, royaltyBps, traitsToSend } from './issueFormModel';

const valid = {
  name: 'Spring card',
  serials: '10',
  royaltyPercent: '5',
  categoryId: '3',
  image: { type: 'image/png', size: 2_000 },
};

describe('royaltyBps', () => {
  it('turns percent with up to two decimals into basis points', () => {
    expect(royaltyBps('5')).toBe(500);
    expect(royaltyBps('2.5')).toBe(250);
    expect(royaltyBps('0.01')).toBe(1);
    expect(royaltyBps(' 10 ')).toBe(1_000);
    expect(royaltyBps('0')).toBe(0);
  });

  it('refuses more than 10 %, three decimals, signs and words', () => {
    for (const text of ['10.01', '11', '1.234', '-1', '', 'five', '1e1']) expect(royaltyBps(text), text).toBeNull();
  });
});

describe('issueFormProblems', () => {
  it('has nothing to say about a complete form', () => {
    expect(issueFormProblems(valid)).toEqual({});
  });

  it('names each field that is missing or out of range', () => {
    expect(issueFormProblems({ name: '  ', serials: '0', royaltyPercent: '12', categoryId: '', image: null })).toEqual({
      name: 'nameRequired',
      serials: 'serials',
      royaltyPercent: 'royalty',
      categoryId: 'category',
      image: 'imageRequired',
    });
    expect(issueFormProblems({ ...valid, name: 'x'.repeat(101), serials: '101' })).toMatchObject({
      name: 'nameTooLong',
      serials: 'serials',
    });
  });

  it('checks the image the way the server does: type, size and emptiness', () => {
    expect(issueFormProblems({ ...valid, image: { type: 'image/svg+xml', size: 10 } }).image).toBe('imageType');
    expect(issueFormProblems({ ...valid, image: { type: 'image/jpeg', size: 3 * 1024 * 1024 } }).image).toBe(
      'imageSize',
    );
    expect(issueFormProblems({ ...valid, image: { type: 'image/webp', size: 0 } }).image).toBe('imageEmpty');
  });
});

describe('traitsToSend', () => {
  it('sends filled rows trimmed and drops blank ones', () => {
    expect(
      traitsToSend([
        { type: ' Mood ', value: 'Calm ' },
        { type: '', value: '  ' },
      ]),
    ).toEqual([{ type: 'Mood', value: 'Calm' }]);
    expect(traitsToSend([])).toEqual([]);
  });

  it('refuses half rows, repeated names and the platform traits', () => {
    expect(traitsToSend([{ type: 'Mood', value: '' }])).toBeNull();
    expect(
      traitsToSend([
        { type: 'Mood', value: 'a' },
        { type: 'mood', value: 'b' },
      ]),
    ).toBeNull();
    expect(traitsToSend([{ type: 'Serial', value: '1' }])).toBeNull();
  });
});

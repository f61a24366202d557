import { afterEach, describe, expect, it } from 'vitest';
import { subscribe } from './hub';
import { payloadsOf, publishChange, setNotifier } from './publish.server';
import { tagsOf } from './tags';

afterEach(() => setNotifier(undefined));

describe('tagsOf', () => {
  it('names each page a change touches', () => {
    expect(
      tagsOf({ cards: [3], collections: [4], creators: [5], users: ['0xAB'], lists: true, allCards: true }).sort(),
    ).toEqual(['card:3', 'cards', 'collection:4', 'creator:5', 'home', 'market', 'rankings', 'user:0xab']);
    expect(tagsOf({})).toEqual([]);
  });
});

describe('publishChange', () => {
  it('tells the live pages of this process and the other processes, in payloads PostgreSQL accepts', async () => {
    const heard: string[][] = [];
    const stop = subscribe(['card:1', 'market'], (tags) => heard.push([...tags]));
    const sent: string[] = [];
    setNotifier(async (payload) => {
      sent.push(payload);
    });
    await publishChange({ cards: [1, 2], lists: true });
    stop();
    expect(heard).toEqual([['card:1', 'market']]);
    expect(sent.flatMap((payload) => JSON.parse(payload) as string[]).sort()).toEqual(
      ['card:1', 'card:2', 'home', 'market', 'rankings'].sort(),
    );
  });

  it('splits many tags into payloads under 8000 bytes, losing none', () => {
    const tags = Array.from({ length: 3_000 }, (_, index) => `user:0x${String(index).padStart(40, '0')}`);
    const payloads = payloadsOf(tags);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(payloads.flatMap((payload) => JSON.parse(payload) as string[])).toEqual(tags);
  });

  it('survives a failing notifier (the change still applies here)', async () => {
    const heard: string[] = [];
    const stop = subscribe(['home'], (tags) => heard.push(...tags));
    setNotifier(async () => {
      throw new Error('connection lost');
    });
    await expect(publishChange({ lists: true })).resolves.toBeUndefined();
    stop();
    expect(heard).toEqual(['home']);
  });
});

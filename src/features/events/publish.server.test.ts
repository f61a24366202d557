import { afterEach, describe, expect, it } from 'vitest';
import { subscribe } from './hub';
import { publishChange, setChangeRecorder } from './publish.server';
import { isCollectionTag, tagsOf, tokenPageTags } from './tags';

afterEach(() => setChangeRecorder(undefined));

describe('tagsOf', () => {
  it('names each page a change touches, and the sitemaps listing them', () => {
    expect(
      tagsOf({
        cards: [3],
        collections: [4],
        creators: [5],
        users: ['0xAB'],
        lists: true,
        allCards: true,
        collectionCards: [6],
      }).sort(),
    ).toEqual(
      [
        'card:3',
        'cards',
        'collection:4',
        'collection-cards:6',
        'creator:5',
        'home',
        'market',
        'rankings',
        'user:0xab',
        'sitemap',
        'sitemap:cards',
        'sitemap:cards:0',
        'sitemap:collections',
        'sitemap:creators',
        'sitemap:pages',
      ].sort(),
    );
    expect(tagsOf({})).toEqual([]);
    // New rarity ranks in a collection drop each of its token pages, and no other collection's.
    const ranked = tagsOf({ collectionCards: [4] });
    expect(tokenPageTags({ id: 7, category: { id: 4 } }).some((name) => ranked.includes(name))).toBe(true);
    expect(tokenPageTags({ id: 8, category: { id: 5 } }).some((name) => ranked.includes(name))).toBe(false);
    // What wakes the ranking job: a collection's own tag, not its token pages'.
    expect(tagsOf({ collections: [4] }).filter(isCollectionTag)).toEqual(['collection:4']);
    expect(ranked.filter(isCollectionTag)).toEqual([]);
    expect(tagsOf({ cards: [10_000, 10_001] })).toEqual([
      'card:10000',
      'card:10001',
      'sitemap:cards:0',
      'sitemap:cards:1',
      'sitemap',
    ]);
  });
});

describe('publishChange', () => {
  it('tells the live pages of this process once and hands the tags to the recorder', async () => {
    const heard: string[][] = [];
    const stop = subscribe(['card:1', 'market'], (tags) => heard.push([...tags]));
    const recorded: string[][] = [];
    setChangeRecorder(async (tags) => {
      recorded.push([...tags]);
    });
    await publishChange({ cards: [1, 2], lists: true });
    stop();
    expect(heard).toEqual([['card:1', 'market']]);
    expect(recorded).toEqual([tagsOf({ cards: [1, 2], lists: true })]);
  });

  it('survives a failing recorder (the change still applies here)', async () => {
    const heard: string[] = [];
    const stop = subscribe(['home'], (tags) => heard.push(...tags));
    setChangeRecorder(async () => {
      throw new Error('connection lost');
    });
    await expect(publishChange({ lists: true })).resolves.toBeUndefined();
    stop();
    expect(heard).toEqual(['home']);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase';
import { changeRecorder, parseChangeNote, writeChange } from './changeLog.server';

const database = fileTestDatabase();

const changedAt = async (tag: string) => {
  const { rows } = await database.db.execute<{ at: Date }>(
    sql`select changed_at as at from page_changes where tag = ${tag}`,
  );
  return rows[0]?.at ? new Date(rows[0].at) : undefined;
};

describe('writeChange', () => {
  it('dates each tag of a change (the sitemaps lastmod), and again at its next change', async () => {
    await writeChange(database, ['card:7', 'market', 'sitemap:cards:0', 'sitemap']);
    const first = await changedAt('card:7');
    expect(first).toBeInstanceOf(Date);
    expect(await changedAt('sitemap')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeChange(database, ['market', 'card:7']);
    expect((await changedAt('card:7'))?.getTime()).toBeGreaterThan(first?.getTime() ?? 0);
  });
});

describe('changeRecorder', () => {
  it('keeps what it could not write and writes it, merged with later changes, once the database answers', async () => {
    const written: string[][] = [];
    let down = true;
    const recorder = changeRecorder(database, {
      retryMs: 20,
      log: () => {},
      write: async (_handle, tags) => {
        if (down) throw new Error('the database is away');
        written.push([...tags].sort());
      },
    });
    await recorder.record(['card:1']);
    await recorder.record(['card:2', 'market']);
    expect(recorder.pending()).toBe(3);
    down = false;
    for (let i = 0; i < 100 && recorder.pending() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await recorder.stop();
    expect(written).toEqual([['card:1', 'card:2', 'market']]);
  });
});

describe('parseChangeNote', () => {
  it('reads our notes and nothing else', () => {
    expect(parseChangeNote('{"id":3,"origin":"a","tags":["market"]}')).toEqual({
      id: 3,
      origin: 'a',
      tags: ['market'],
    });
    expect(parseChangeNote('{"id":3,"origin":"a","tags":null}')).toEqual({ id: 3, origin: 'a', tags: null });
    expect(parseChangeNote('["market"]')).toBeNull();
    expect(parseChangeNote('not json')).toBeNull();
  });
});

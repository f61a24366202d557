import { afterEach, describe, expect, test, vi } from 'vitest';
import { attempt } from './attempt';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('attempt', () => {
  test('gives the value of a load that works', async () => {
    expect(await attempt('cards', async () => [1, 2])).toEqual({ ok: true, value: [1, 2] });
  });

  test('a load that throws is logged and reported as failed, not thrown', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await attempt('cards', async () => {
      throw new Error('database is down');
    });
    expect(result).toEqual({ ok: false });
    expect(log).toHaveBeenCalledWith('[page] loading cards failed', expect.any(Error));
  });
});

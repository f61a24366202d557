import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSuggester, searchPath } from './suggest';

interface Pending {
  keyword: string;
  signal: AbortSignal;
  resolve: (value: string[]) => void;
  reject: (error: unknown) => void;
}

function setup() {
  const calls: Pending[] = [];
  const results: Array<{ result: string[]; keyword: string }> = [];
  const errors: unknown[] = [];
  const onClear = vi.fn();
  const suggester = createSuggester<string[]>({
    search: (keyword, signal) =>
      new Promise<string[]>((resolve, reject) => {
        calls.push({ keyword, signal, resolve, reject });
      }),
    onResult: (result, keyword) => results.push({ result, keyword }),
    onClear,
    onError: (error) => errors.push(error),
  });
  return { suggester, calls, results, errors, onClear };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createSuggester', () => {
  it('searches at once for the first keyword and shows its suggestions', async () => {
    const { suggester, calls, results } = setup();
    suggester.input('dra');
    expect(calls.map((c) => c.keyword)).toEqual(['dra']);
    calls[0]?.resolve(['Dragons']);
    await vi.runAllTimersAsync();
    expect(results).toEqual([{ result: ['Dragons'], keyword: 'dra' }]);
  });

  it('makes at most one call per 500 ms, then one with the latest keyword', async () => {
    const { suggester, calls } = setup();
    suggester.input('d');
    vi.advanceTimersByTime(100);
    suggester.input('dr');
    vi.advanceTimersByTime(100);
    suggester.input('dra');
    expect(calls.map((c) => c.keyword)).toEqual(['d']);
    vi.advanceTimersByTime(299);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls.map((c) => c.keyword)).toEqual(['d', 'dra']);
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(2);
  });

  it('cancels the request under way when a new one starts, and drops its late answer', async () => {
    const { suggester, calls, results } = setup();
    suggester.input('d');
    vi.advanceTimersByTime(600);
    suggester.input('dra');
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    calls[1]?.resolve(['Dragons']);
    calls[0]?.resolve(['Dice', 'Dogs']);
    await vi.runAllTimersAsync();
    expect(results).toEqual([{ result: ['Dragons'], keyword: 'dra' }]);
  });

  it('clears the suggestions and cancels the search when the keyword becomes empty', async () => {
    const { suggester, calls, results, onClear } = setup();
    suggester.input('d');
    suggester.input('   ');
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.resolve(['Dice']);
    await vi.runAllTimersAsync();
    expect(results).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('does not send a keyword typed before the box was emptied', () => {
    const { suggester, calls } = setup();
    suggester.input('d');
    suggester.input('dr');
    suggester.input('');
    vi.advanceTimersByTime(1000);
    expect(calls.map((c) => c.keyword)).toEqual(['d']);
  });

  it('sends the keyword without surrounding spaces', () => {
    const { suggester, calls } = setup();
    suggester.input('  dragon ');
    expect(calls[0]?.keyword).toBe('dragon');
  });

  it('reports a failed search unless it was cancelled', async () => {
    const { suggester, calls, errors } = setup();
    suggester.input('d');
    calls[0]?.reject(new Error('500'));
    await vi.runAllTimersAsync();
    suggester.input('dr');
    suggester.input('');
    calls[1]?.reject(new DOMException('aborted', 'AbortError'));
    await vi.runAllTimersAsync();
    expect(errors).toEqual([new Error('500')]);
  });

  it('stops everything on dispose', () => {
    const { suggester, calls } = setup();
    suggester.input('d');
    suggester.input('dr');
    suggester.dispose();
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal.aborted).toBe(true);
  });
});

describe('searchPath', () => {
  it('links to the Japanese search page without a prefix', () => {
    expect(searchPath('ドラゴン カード', 'ja')).toBe(`/search/${encodeURIComponent('ドラゴン カード')}`);
  });

  it('prefixes the English search page with /en and escapes slashes', () => {
    expect(searchPath('a/b?c', 'en')).toBe('/en/search/a%2Fb%3Fc');
  });
});

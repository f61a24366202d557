// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '#tests/helpers/fakeEventSource';
import { LIVE_UPDATED_EVENT } from './liveEvents';
import { startLivePage, swapRegions } from './livePage';

const page = (owner: string, price: string, extra = '') => `<main>
  <h1>Card</h1>
  <div data-live-region="owner"><dd>${owner}</dd></div>
  <section data-live-region="price"><p>${price}</p>${extra}</section>
</main>`;

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeEventSource.reset();
});

describe('swapRegions', () => {
  it('swaps the live parts that changed and leaves the rest of the page alone', () => {
    document.body.innerHTML = page('0xaaa', '1 ETH');
    const heading = document.querySelector('h1');
    const untouched = document.querySelector('[data-live-region="owner"]');
    expect(swapRegions(document, parse(page('0xaaa', 'Not listed')))).toBe(0);
    expect(document.querySelector('[data-live-region="price"]')?.textContent).toBe('Not listed');
    expect(document.querySelector('h1')).toBe(heading);
    expect(document.querySelector('[data-live-region="owner"]')).toBe(untouched);
  });

  it('waits with a part someone is using (focus inside, a busy island)', () => {
    document.body.innerHTML = page('0xaaa', '1 ETH', '<button type="button">Buy</button>');
    document.querySelector('button')?.focus();
    expect(swapRegions(document, parse(page('0xbbb', 'Not listed')))).toBe(1);
    expect(document.querySelector('[data-live-region="price"] p')?.textContent).toBe('1 ETH');
    expect(document.querySelector('[data-live-region="owner"]')?.textContent).toBe('0xbbb');
    document.body.innerHTML = page('0xaaa', '1 ETH', '<div data-busy="true"></div>');
    expect(swapRegions(document, parse(page('0xaaa', 'Not listed')))).toBe(1);
  });
});

describe('startLivePage', () => {
  it('follows its topics, shows live / reconnecting, and fetches the page again after a change', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    document.body.innerHTML = `<p data-live-status hidden></p>${page('0xaaa', '1 ETH')}`;
    const status = document.querySelector<HTMLElement>('[data-live-status]') as HTMLElement;
    const fetchImpl = vi.fn(async () => new Response(page('0xbbb', 'Not listed')));
    const updated = vi.fn();
    document.addEventListener(LIVE_UPDATED_EVENT, updated);
    const stop = startLivePage({
      topics: ['card:5', 'cards'],
      status,
      texts: { live: 'Live', reconnecting: 'Reconnecting…', polling: 'Updating every minute' },
      fetchImpl,
      settleMs: 0,
    });
    const source = FakeEventSource.last as FakeEventSource;
    expect(source.url).toBe('/api/v1/changes?topics=card%3A5%2Ccards');
    source.emit('ready');
    expect(status.hidden).toBe(false);
    expect(status.textContent).toBe('Live');
    source.emit('change');
    await vi.waitFor(() => expect(updated).toHaveBeenCalled());
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[data-live-region="owner"]')?.textContent).toBe('0xbbb');
    source.emit('error');
    expect(status.dataset['state']).toBe('reconnecting');
    expect(status.textContent).toBe('Reconnecting…');
    // Back after a drop: what was missed is fetched once.
    source.emit('ready');
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    stop();
    expect(source.closed).toBe(true);
  });

  it('polls when its stream is refused, shows a change within a minute, and goes live when a stream is given', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    document.body.innerHTML = `<p data-live-status hidden></p>${page('0xaaa', '1 ETH')}`;
    const status = document.querySelector<HTMLElement>('[data-live-status]') as HTMLElement;
    let changedAt: string | null = '2026-03-01T12:00:00.000001Z';
    const asked: string[] = [];
    const fetchImpl = vi.fn(async (url: string | URL | Request) => {
      asked.push(String(url));
      return String(url).startsWith('/api/v1/changes/latest')
        ? Response.json({ changedAt })
        : new Response(page('0xbbb', 'Not listed'));
    });
    const stop = startLivePage({
      topics: ['card:5', 'cards'],
      status,
      texts: { live: 'Live', reconnecting: 'Reconnecting…', polling: 'Updating every minute' },
      fetchImpl,
    });
    const refused = FakeEventSource.last as FakeEventSource;
    refused.refuse();
    expect(refused.closed).toBe(true);
    expect(status.dataset['state']).toBe('polling');
    expect(status.textContent).toBe('Updating every minute');
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['/api/v1/changes/latest?topics=card%3A5%2Ccards']);

    // Nothing changed: the page is not fetched.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(2);
    expect(document.querySelector('[data-live-region="owner"]')?.textContent).toBe('0xaaa');

    changedAt = '2026-03-01T12:00:30.000002Z';
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(10);
    expect(asked.slice(2)).toEqual(['/api/v1/changes/latest?topics=card%3A5%2Ccards', location.href]);
    expect(document.querySelector('[data-live-region="owner"]')?.textContent).toBe('0xbbb');

    // Two minutes after the refusal a stream is asked for again; once ready, polling stops.
    const again = FakeEventSource.last as FakeEventSource;
    expect(again).not.toBe(refused);
    expect(again.url).toBe('/api/v1/changes?topics=card%3A5%2Ccards');
    again.emit('ready');
    expect(status.textContent).toBe('Live');
    await vi.advanceTimersByTimeAsync(0);
    const afterReady = asked.length;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(asked.filter((url) => url.startsWith('/api/')).length).toBe(3);
    expect(asked.length).toBe(afterReady);
    stop();
  });
});

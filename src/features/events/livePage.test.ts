// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** A stand-in for the browser's EventSource the test drives. */
class FakeSource extends EventTarget {
  static last: FakeSource | undefined;
  static readonly CLOSED = 2;
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.last = this;
  }
  emit(type: string) {
    this.dispatchEvent(new Event(type));
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
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
    vi.stubGlobal('EventSource', FakeSource);
    document.body.innerHTML = `<p data-live-status hidden></p>${page('0xaaa', '1 ETH')}`;
    const status = document.querySelector<HTMLElement>('[data-live-status]') as HTMLElement;
    const fetchImpl = vi.fn(async () => new Response(page('0xbbb', 'Not listed')));
    const updated = vi.fn();
    document.addEventListener(LIVE_UPDATED_EVENT, updated);
    const stop = startLivePage({
      topics: ['card:5', 'cards'],
      status,
      texts: { live: 'Live', reconnecting: 'Reconnecting…' },
      fetchImpl,
      settleMs: 0,
    });
    const source = FakeSource.last as FakeSource;
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
});

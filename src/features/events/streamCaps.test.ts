import { describe, expect, it } from 'vitest';
import { loadSettings } from '~/server/settings/settings.server';
import {
  DEFAULT_MAX_STREAMS,
  streamLimits as fromSettings,
  MAX_STREAMS_PER_ACCOUNT,
  MAX_STREAMS_PER_NETWORK,
  StreamCounts,
  type StreamHolder,
  WIDE_NETWORK_SHARE,
} from './streamCaps';

/** The caps of the environment `env`. */
const streamLimits = (env: Record<string, string>) => fromSettings(loadSettings(env));

const anonymous = (ip: string): StreamHolder => ({ ip, userId: null });

/** Opens streams for `holder` until one is refused; returns how many opened and why the next was refused. */
function fill(counts: StreamCounts, holder: StreamHolder, most = 10_000) {
  let opened = 0;
  while (opened < most && counts.refusal(holder) === null) {
    counts.take(holder);
    opened += 1;
  }
  return { opened, refusal: counts.refusal(holder) };
}

describe('the caps of live streams', () => {
  it('are read from LIVE_STREAMS_MAX, a tenth of it per wide network, and a typo names the setting', () => {
    expect(streamLimits({})).toEqual({
      total: DEFAULT_MAX_STREAMS,
      perNetwork: MAX_STREAMS_PER_NETWORK,
      perWideNetwork: DEFAULT_MAX_STREAMS / WIDE_NETWORK_SHARE,
      perAccount: MAX_STREAMS_PER_ACCOUNT,
    });
    expect(streamLimits({ LIVE_STREAMS_MAX: ' 400 ' })).toMatchObject({ total: 400, perWideNetwork: 40 });
    expect(streamLimits({ LIVE_STREAMS_MAX: '50' })).toMatchObject({ perWideNetwork: MAX_STREAMS_PER_NETWORK });
    expect(() => streamLimits({ LIVE_STREAMS_MAX: '5k' })).toThrow(/LIVE_STREAMS_MAX must be a whole number/);
  });

  it('give one IPv4 address its share, written plainly or IPv4-mapped, and the next address its own', () => {
    const counts = new StreamCounts(streamLimits({}));
    expect(fill(counts, anonymous('203.0.113.7'))).toEqual({ opened: MAX_STREAMS_PER_NETWORK, refusal: 'network' });
    expect(counts.refusal(anonymous('::ffff:203.0.113.7'))).toBe('network');
    expect(counts.refusal(anonymous('203.0.113.8'))).toBeNull();
  });

  it('give one IPv6 /64 one share, however many of its addresses ask', () => {
    const counts = new StreamCounts(streamLimits({}));
    for (let index = 1; index <= MAX_STREAMS_PER_NETWORK; index += 1)
      counts.take(anonymous(`2001:db8:1:2::${index.toString(16)}`));
    expect(counts.refusal(anonymous('2001:db8:1:2:ffff:1:2:3'))).toBe('network');
    expect(counts.refusal(anonymous('2001:db8:1:3::1'))).toBeNull();
  });

  it('let no IPv4 /24 or IPv6 /48 hold more than its share of the process, while others still get streams', () => {
    const counts = new StreamCounts(streamLimits({ LIVE_STREAMS_MAX: '1000' }));
    let opened = 0;
    for (let host = 1; host < 255; host += 1) opened += fill(counts, anonymous(`198.51.100.${host}`)).opened;
    expect(opened).toBe(100);
    expect(counts.refusal(anonymous('198.51.100.254'))).toBe('wide_network');
    opened = 0;
    for (let subnet = 0; subnet < 100; subnet += 1)
      opened += fill(counts, anonymous(`2001:db8:7:${subnet.toString(16)}::1`)).opened;
    expect(opened).toBe(100);
    expect(counts.refusal(anonymous('2001:db8:7:ffff::1'))).toBe('wide_network');
    expect(counts.refusal(anonymous('198.51.101.1'))).toBeNull();
    expect(counts.refusal(anonymous('2001:db8:8::1'))).toBeNull();
    expect(counts.total).toBe(200);
  });

  it('give one signed-in account its share across addresses, and its addresses stay open to others', () => {
    const counts = new StreamCounts(streamLimits({}));
    const addresses = ['192.0.2.1', '198.51.100.1', '2001:db8::1'];
    let opened = 0;
    for (const ip of addresses) opened += fill(counts, { ip, userId: 7 }, 12).opened;
    expect(opened).toBe(MAX_STREAMS_PER_ACCOUNT);
    expect(counts.refusal({ ip: '203.0.113.99', userId: 7 })).toBe('account');
    expect(counts.refusal({ ip: '192.0.2.1', userId: 8 })).toBeNull();
    expect(counts.refusal(anonymous('192.0.2.1'))).toBeNull();
  });

  it('refuse everyone once the process holds its most, and free a place when a stream ends', () => {
    const counts = new StreamCounts(streamLimits({ LIVE_STREAMS_MAX: '30' }));
    const first = counts.take(anonymous('192.0.2.1'));
    for (let index = 2; index <= 30; index += 1) counts.take(anonymous(`10.0.${index}.1`));
    expect(counts.refusal(anonymous('203.0.113.1'))).toBe('busy');
    first();
    first();
    expect(counts.total).toBe(29);
    expect(counts.refusal(anonymous('203.0.113.1'))).toBeNull();
  });

  it('hold no stream at all with LIVE_STREAMS_MAX=0', () => {
    expect(new StreamCounts(streamLimits({ LIVE_STREAMS_MAX: '0' })).refusal(anonymous('192.0.2.1'))).toBe('busy');
  });
});

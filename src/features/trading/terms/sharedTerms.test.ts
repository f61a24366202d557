// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sharedTerms, shareTerms, termsKey, termsScript } from './sharedTerms';
import type { TradeTerms } from './tradeTerms';

const terms = (chainId: number, feeBps: number, chainName = 'Ethereum'): TradeTerms => ({
  chain: {
    chainId,
    chainName,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: [],
    blockExplorerUrls: [],
  },
  seaport: '0x0000000000000068f116a894984e2db1123eb395',
  conduit: '0x1e0049783f008a0085193e00003d00cd54003c71',
  conduitKey: `0x${'0'.repeat(64)}`,
  feeRecipient: null,
  settler: null,
  zone: '0x0000000000000000000000000000000000000001',
  feeBps,
  currencies: [],
});

describe("a page's trading terms, sent once", () => {
  it("are found by the key the islands carry: shared on the server, or read from the page's script", () => {
    const shared = terms(1, 250);
    expect(shareTerms(shared)).toBe('1:250');
    expect(sharedTerms('1:250')).toBe(shared);

    const inPage = terms(137, 300, '</script><script>alert(1)</script>');
    document.body.innerHTML = `<script type="application/json" data-trade-terms>${termsScript(inPage)}</script>`;
    expect(termsScript(inPage)).not.toContain('<');
    expect(sharedTerms(termsKey(inPage))).toEqual(inPage);
  });

  it('refuse a key the page lacks', () => {
    document.body.innerHTML = '';
    expect(() => sharedTerms('56:100')).toThrow(/56:100/);
  });
});

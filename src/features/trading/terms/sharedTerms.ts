/**
 * A page's trading terms, sent once. Every trading island of a page trades on the same terms (its chain's, with the
 * card's or collection's platform fee), so the page writes them once, in a JSON script ({@link termsScript}), and
 * each island's props name them by key (`termsKey`, e.g. `1:250`) instead of carrying them again. On the server
 * the page shares the terms ({@link shareTerms}) before its islands render; in the browser an island finds them in
 * the page (a live update that swaps the island brings the script with it).
 */
import type { TradeTerms } from './tradeTerms';

const known = new Map<string, TradeTerms>();

/** The key of `terms`: its chain and fee (the rest is the deployment's). */
export function termsKey(terms: TradeTerms): string {
  return `${terms.chain.chainId}:${terms.feeBps}`;
}

/** Shares `terms` with the islands about to render on the server; returns their key for the islands' props. */
export function shareTerms(terms: TradeTerms): string {
  const key = termsKey(terms);
  known.set(key, terms);
  return key;
}

/** The text of the page's `<script type="application/json" data-trade-terms>` (no `<`, so no `</script>`). */
export function termsScript(terms: TradeTerms): string {
  return JSON.stringify(terms).replaceAll('<', '\\u003c');
}

/**
 * The terms named `key`: shared on the server, or read from the page's scripts in the browser.
 * @throws Error when neither has them (a page that renders an island without its terms)
 */
export function sharedTerms(key: string): TradeTerms {
  if (!known.has(key) && typeof document !== 'undefined') {
    for (const script of document.querySelectorAll<HTMLScriptElement>('script[data-trade-terms]')) {
      const terms = JSON.parse(script.textContent ?? 'null') as TradeTerms;
      known.set(termsKey(terms), terms);
    }
  }
  const terms = known.get(key);
  if (!terms) throw new Error(`The page has no trading terms ${key}.`);
  return terms;
}

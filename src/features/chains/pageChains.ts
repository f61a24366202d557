/**
 * The chains a page names once for its scripts (`<body data-chains>`, written by the document layout: each chain's
 * key and chain id in this deployment), read in the browser. The header's chain selector and the bootstrap's
 * `?chain_id=` both read them here rather than each page sending them again.
 */
import type { ChainKey } from './chainKey';

/** A chain as the page names it. */
export interface PageChain {
  key: ChainKey;
  chainId: number;
}

/** The page's chains (none outside a browser, or on a page without them). */
export function pageChains(doc: Document | undefined = globalThis.document): PageChain[] {
  try {
    return JSON.parse(doc?.body?.dataset['chains'] ?? '[]') as PageChain[];
  } catch {
    return [];
  }
}

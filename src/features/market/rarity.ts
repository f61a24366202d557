/**
 * Rarity ranks by OpenRarity's method: a card's score is the information content of its traits, the sum over
 * every trait type of the collection of -log2(share of cards with the card's value), where a card without that
 * trait type holds the "null" value (counted like any other value) and the number of traits a card has is one
 * more trait (OpenRarity's `meta_trait:trait_count`); the sum is divided by the collection's entropy, which
 * changes no rank. Names and values compare trimmed and in lower case; numeric traits (a `display_type` or a
 * number value, such as the serial) take no part, as OpenRarity scores string traits only. Higher scores rank
 * first; equal scores share a rank and the next rank is skipped (1, 2, 2, 4).
 *
 * @see https://openrarity.gitbook.io/developers/ (the method)
 * @see https://github.com/OpenRarity/open-rarity#readme (the reference implementation)
 */

/** A trait as token metadata gives it (`attributes[]`). */
export interface RarityTrait {
  traitType: string;
  value: string | number | boolean;
  displayType?: string | null | undefined;
}

/** One card of the collection to rank. */
export interface RarityInput {
  id: number;
  traits: readonly RarityTrait[];
}

/** A card's rarity: its (entropy-normalised) score and rank among `of` cards. */
export interface Rarity {
  score: number;
  rank: number;
  of: number;
}

const TRAIT_COUNT = 'meta_trait:trait_count';
const NULL_VALUE = '\u0000null';
/** Scores closer than this are one score (floating sums of the same terms in another order). */
const TIE_EPSILON = 1e-9;

const normalise = (text: string) => text.trim().toLowerCase();

/** The string traits of a card, one value per trait type (the first), plus its trait count. */
function stringTraits(traits: readonly RarityTrait[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const trait of traits) {
    if (trait.displayType || typeof trait.value === 'number') continue;
    const name = normalise(trait.traitType);
    if (name === '' || found.has(name)) continue;
    found.set(name, normalise(String(trait.value)));
  }
  found.set(TRAIT_COUNT, String(found.size));
  return found;
}

/** Ranks every card of one collection (see the module comment); an empty collection gives an empty map. */
export function rarityRanks(cards: readonly RarityInput[]): Map<number, Rarity> {
  const total = cards.length;
  const traits = cards.map((card) => ({ id: card.id, values: stringTraits(card.traits) }));
  const counts = new Map<string, Map<string, number>>();
  for (const { values } of traits) {
    for (const [name, value] of values) {
      const byValue = counts.get(name) ?? new Map<string, number>();
      byValue.set(value, (byValue.get(value) ?? 0) + 1);
      counts.set(name, byValue);
    }
  }
  for (const byValue of counts.values()) {
    const present = [...byValue.values()].reduce((sum, n) => sum + n, 0);
    if (present < total) byValue.set(NULL_VALUE, total - present);
  }
  let entropy = 0;
  for (const byValue of counts.values()) {
    for (const n of byValue.values()) entropy -= (n / total) * Math.log2(n / total);
  }
  const scored = traits.map(({ id, values }) => {
    let information = 0;
    for (const [name, byValue] of counts) {
      const n = byValue.get(values.get(name) ?? NULL_VALUE) ?? total;
      information -= Math.log2(n / total);
    }
    return { id, score: entropy > 0 ? information / entropy : 0 };
  });
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  const ranks = new Map<number, Rarity>();
  scored.forEach((card, index) => {
    const previous = scored[index - 1];
    const tied = previous && Math.abs(previous.score - card.score) <= TIE_EPSILON;
    const rank = tied ? (ranks.get(previous.id)?.rank ?? index + 1) : index + 1;
    ranks.set(card.id, { score: card.score, rank, of: total });
  });
  return ranks;
}

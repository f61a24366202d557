/**
 * A trait's merkle root, asked for when an offer on that trait is made: the collection page lists traits with
 * their counts only (building every root while a page renders costs a hash per card holding each trait). The root
 * is the one the server checks the offer against (`GET /api/v1/collections/{id}/offers` with `trait_type` and
 * `trait_value`).
 */
import { api } from '~/client/siteApi';

/** No card of the collection holds the trait any more (its cards changed since the page was made). */
export class TraitGoneError extends Error {
  override name = 'TraitGoneError';
}

/** The root over the cards of collection `collectionId` holding `trait`, as a decimal string. */
export async function traitRoot(collectionId: number, trait: { type: string; value: string }): Promise<bigint> {
  const { traits } = await api.get<{ traits: { type: string; value: string; criteria: string }[] }>(
    `/api/v1/collections/${collectionId}/offers`,
    { query: { trait_type: trait.type, trait_value: trait.value } },
  );
  const found = traits.find((entry) => entry.type === trait.type && entry.value === trait.value);
  if (!found) throw new TraitGoneError(`No card holds ${trait.type}: ${trait.value}`);
  return BigInt(found.criteria);
}

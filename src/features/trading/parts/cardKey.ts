/**
 * One key per card across chains (chain id, lower-case contract, token id): how the cart and the bulk listing
 * form tell cards apart.
 */

/** The card's key. */
export function cardKey(card: { chainId: number; contractAddress: string; tokenId: string }): string {
  return `${card.chainId}:${card.contractAddress.toLowerCase()}:${card.tokenId}`;
}

import type { APIRoute } from 'astro';
import { queryCardDetail } from '~/features/catalogue/cards/cardDetail.server';
import { tokenOgImage } from '~/features/catalogue/og/ogCache.server';
import { chainKeyOfId } from '~/features/chains/chainKey';
import { getT } from '~/features/i18n/t';
import { database } from '~/server/db/client';
import { isValidParam } from '~/server/http/pageParams';
import { priceText } from '~/ui/data/priceText';

/** Social sites fetch the image rarely; five minutes fresh, ten more stale (it is drawn once per look, see ogCache). */
const CACHE = 'public, max-age=300, stale-while-revalidate=600';

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * `GET /og/tokens/{chain_id}/{contract}/{token_id}.png`: the token page's Open Graph image, 1200x630
 * PNG (card image, name, collection and creator, price), drawn once per look of the card
 * (../../../../../features/catalogue/og/ogCache.server.ts; its `ETag` is the hash of its bytes, `If-None-Match`
 * answers 304). 404 for an unknown
 * or hidden card. The image is not per language: the name is the card's own (Japanese) name and "not listed"
 * is said in both. Spec §1 (social preview tags).
 */
export const GET: APIRoute = async ({ params, request }) => {
  const { chain_id: chainId, contract, token_id: tokenId } = params;
  if (!isValidParam(chainId, 'chainId') || !isValidParam(contract, 'address') || !isValidParam(tokenId, 'tokenId')) {
    return notFound();
  }
  try {
    const card = await queryCardDetail(await database(), {
      chainId: Number(chainId),
      contractAddress: contract.toLowerCase(),
      tokenId: BigInt(tokenId).toString(),
    });
    if (!card) return notFound();
    const [ja, en] = [getT('ja'), getT('en')];
    const key = chainKeyOfId(card.chainId);
    const subtitle = [card.category?.name, card.creator?.name].filter(Boolean).join(' · ');
    const image = await tokenOgImage({
      site: ja('site.name'),
      name: card.name,
      subtitle: subtitle || null,
      price: card.listing
        ? priceText(card.listing.currentPrice, card.listing.currencyCode)
        : `${ja('ui.card.notListed')} / ${en('ui.card.notListed')}`,
      footnote: [key ? en(`chain.${key}`) : `Chain ${card.chainId}`, card.serial === null ? null : `#${card.serial}`]
        .filter(Boolean)
        .join(' · '),
      image: card.image,
    });
    const etag = image.etag;
    const headers = { 'Cache-Control': CACHE, ETag: etag, 'X-Og-Image': image.drawn ? 'drawn' : 'kept' };
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(image.png), {
      headers: { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(image.png.byteLength) },
    });
  } catch (error) {
    console.error('[og] token image failed', error);
    return new Response('The image could not be drawn', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '30' },
    });
  }
};

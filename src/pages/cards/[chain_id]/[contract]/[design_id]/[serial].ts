import type { APIRoute } from 'astro';
import { tokenOfSerial } from '~/features/media/tokenOfSerial.server';
import { database } from '~/server/db/client';

const notFound = () =>
  new Response('No such card\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * `GET /cards/{chain_id}/{contract}/{design_id}/{serial}`: the `external_url` of a card's metadata (written before
 * its mint, so by design and serial) answers 301 to the card's page; 404 for a serial not minted or malformed.
 */
export const GET: APIRoute = async ({ params }) => {
  const chainId = Number(params.chain_id);
  const serial = Number(params.serial);
  const contract = params.contract ?? '';
  const designId = params.design_id ?? '';
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || !Number.isSafeInteger(serial) || serial <= 0) return notFound();
  if (!/^0x[0-9a-fA-F]{40}$/.test(contract) || !/^[1-9][0-9]{0,77}$/.test(designId)) return notFound();
  const tokenId = await tokenOfSerial(await database(), { chainId, contract, designId, serial });
  if (!tokenId) return notFound();
  return new Response(null, {
    status: 301,
    headers: {
      Location: `/tokens/${chainId}/${contract.toLowerCase()}/${tokenId}`,
      'Cache-Control': 'public, max-age=3600',
    },
  });
};

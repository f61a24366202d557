import type { APIRoute } from 'astro';
import { answerGateway } from '~/features/media/gateway/answerGateway.server';
import { processBlockStore } from '~/features/media/processMedia.server';

/**
 * `GET /ipfs/{cid}[/{path}]`: our trustless IPFS gateway (bytes, `?format=raw`, `?format=car`), public and
 * immutable, answered from the media store's blocks. @see src/features/media/gateway/answerGateway.server.ts
 */
export const GET: APIRoute = async (ctx) =>
  answerGateway(ctx.request, ctx.params.path ?? '', await processBlockStore());

export const HEAD = GET;

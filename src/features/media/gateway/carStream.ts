/**
 * A CARv1 stream of blocks: the header names `roots`, then each block as `walk` yields it. Written as it is read
 * (the CAR writer waits for its reader), so a large archive never sits whole in memory. An error while walking
 * (a block missing) ends the stream with that error: the client sees a broken transfer, not a short CAR that looks
 * whole.
 *
 * @see https://ipld.io/specs/transport/car/carv1/
 */
import { CarWriter } from '@ipld/car/writer';
import type { CID } from 'multiformats/cid';
import type { Block } from '../blockStore';

/** A readable stream of the CAR. */
export function carStream(roots: CID[], walk: AsyncIterable<Block>): ReadableStream<Uint8Array> {
  const { writer, out } = CarWriter.create(roots);
  let failure: unknown;
  const writing = (async () => {
    try {
      for await (const block of walk) await writer.put(block);
    } catch (error) {
      failure = error;
    } finally {
      await writer.close();
    }
  })();
  const chunks = out[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const next = await chunks.next();
      if (!next.done) return controller.enqueue(next.value);
      await writing;
      if (failure) controller.error(failure);
      else controller.close();
    },
    cancel: async () => {
      failure = new Error('cancelled');
      await chunks.return?.();
    },
  });
}

/**
 * Applies the designs' metadata events of one block: `DesignURIChanged` records the URI the chain holds,
 * `DesignURIFrozen` that it can never change again (both through the media feature's one writer), so the token page
 * shows what the chain says, whoever sent the transaction (our minter, or a creator freezing from their own wallet).
 *
 * @see ../media/mediaRecords.server.ts, ../../../contracts/Card.sol
 */
import { recordDesignFrozen, recordDesignUriOnChain } from '~/features/media/mediaRecords.server';
import type { Transaction } from '~/server/db/types';
import type { ChainEvent } from './chainEvents.server';

/** What applying needs: the chain, and the time of a block. */
export interface MetadataContext {
  chainId: number;
  blockTime: (blockNumber: bigint) => Promise<Date>;
}

/** Records the block's `designUri` events (see the module comment). */
export async function applyMetadataEvents(
  tx: Transaction,
  context: MetadataContext,
  events: readonly ChainEvent[],
): Promise<void> {
  for (const event of events) {
    if (event.kind !== 'designUri') continue;
    const key = { chainId: context.chainId, contract: event.contract, designId: event.designId };
    if (event.frozen)
      await recordDesignFrozen(tx, key, event.uri, await context.blockTime(event.blockNumber), event.blockNumber);
    else await recordDesignUriOnChain(tx, key, event.uri);
  }
}

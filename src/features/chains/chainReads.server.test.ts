/**
 * Chain reads against a real anvil running the Card contract (ERC-721 Enumerable), plus the RPC
 * failures: a closed port, an RPC that never answers and one that answers HTTP 500 are small local
 * servers standing in for a public RPC that is down, which we cannot make happen otherwise.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Address, erc721Abi, parseEventLogs, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalMarket, startLocalMarket } from '#tests/helpers/localMarket';
import { freePort } from '#tests/helpers/server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { HttpError } from '~/server/api/errors';
import { loadChainConfig } from './chainConfig';
import {
  chainFromParam,
  chainReadCache,
  chainReadParams,
  ownedTokenIds,
  readApproved,
  readBalanceOf,
  readOwnerOf,
  readTokenOfOwnerByIndex,
  readTokensOfOwner,
  readTransferEvents,
  type TransferEvent,
  transferEventJson,
} from './chainReads.server';
import type { Chain } from './chains';
import { ReadCache, RPC_TIMEOUT_MS } from './publicClients.server';

let market: LocalMarket;
let chain: Chain;
let card: Address;
let seller: Address;
let buyer: Address;
/** Token ids minted to the seller, in order. */
let minted: bigint[] = [];

const ethChain = (rpcUrl: string): Chain => {
  const found = loadChainConfig('local', { ETH: { rpcUrls: [rpcUrl] } }).find((c) => c.key === 'ETH');
  if (!found) throw new Error('no ETH chain');
  return found;
};

/** The HttpError a promise rejects with (fails the test when it resolves). */
async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

async function transfer(from: LocalMarket['seller'], to: Address, tokenId: bigint) {
  await market.mined(
    await from.writeContract({
      address: card,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [from.account.address, to, tokenId],
    }),
  );
}

beforeAll(async () => {
  market = await startLocalMarket({ chainId: 1 });
  chain = ethChain(market.anvil.rpcUrl);
  card = market.contracts.card.toLowerCase() as Address;
  seller = market.seller.account.address.toLowerCase() as Address;
  buyer = market.buyer.account.address.toLowerCase() as Address;
  const { deployer, mined } = market;
  await mined(
    await deployer.writeContract({
      address: card,
      abi: cardAbi,
      functionName: 'issueDesign',
      args: [seller, 500, 10n],
    }),
  );
  const receipt = await mined(
    await deployer.writeContract({ address: card, abi: cardAbi, functionName: 'mintSerials', args: [1n, seller, 3n] }),
  );
  minted = parseEventLogs({ abi: cardAbi, logs: receipt.logs, eventName: 'SerialMinted' }).map((e) => e.args.tokenId);
  // The seller sends the second card to the buyer and approves the buyer for the third.
  await transfer(market.seller, buyer, minted[1] ?? 0n);
  await market.mined(
    await market.seller.writeContract({
      address: card,
      abi: erc721Abi,
      functionName: 'approve',
      args: [buyer, minted[2] ?? 0n],
    }),
  );
}, 60_000);

afterAll(async () => {
  await market?.stop();
});

/** Blocks 0..1000: the whole of this short test chain. */
const everything = { fromBlock: 0n, toBlock: 1_000n };

describe('ERC-721 reads on a live chain', () => {
  it('reads owners, balances and approvals, addresses in lower case', async () => {
    const [first, second, third] = minted as [bigint, bigint, bigint];
    expect(await readOwnerOf(chain, card, first)).toBe(seller);
    expect(await readOwnerOf(chain, card, second)).toBe(buyer);
    expect(await readBalanceOf(chain, card, seller)).toBe(2n);
    expect(await readApproved(chain, card, first)).toBe(zeroAddress);
    expect(await readApproved(chain, card, third)).toBe(buyer);
  });

  it('answers 404 for a token that does not exist, for its owner and for its approval', async () => {
    const missing = 999_999n;
    expect(await refusal(readOwnerOf(chain, card, missing))).toMatchObject({
      status: 404,
      message: `Token 999999 of ${card} does not exist`,
    });
    expect((await refusal(readApproved(chain, card, missing))).status).toBe(404);
  });

  it('enumerates an owner’s tokens, and answers 404 past the last index', async () => {
    const [first, , third] = minted as [bigint, bigint, bigint];
    expect(await readTokenOfOwnerByIndex(chain, card, seller, 0n)).toBe(first);
    expect(await readTokensOfOwner(chain, card, seller)).toEqual({ balance: 2n, tokenIds: [first, third] });
    expect((await refusal(readTokenOfOwnerByIndex(chain, card, seller, 2n))).status).toBe(404);
  });

  it('answers 422 when the address holds no contract', async () => {
    const error = await refusal(readOwnerOf(chain, buyer, 1n));
    expect(error.status).toBe(422);
    expect(error.message).toContain('does not answer ownerOf');
  });

  it('lists Transfer events of a wallet and the tokens it owns, received minus sent', async () => {
    const [first, second, third] = minted as [bigint, bigint, bigint];
    const sellerEvents = await readTransferEvents(chain, card, { wallet: seller }, everything);
    expect(sellerEvents.map((e) => [e.from, e.to, e.tokenId])).toEqual([
      [zeroAddress, seller, first],
      [zeroAddress, seller, second],
      [zeroAddress, seller, third],
      [seller, buyer, second],
    ]);
    expect(ownedTokenIds(sellerEvents, seller)).toEqual([first, third]);
    const buyerEvents = await readTransferEvents(chain, card, { wallet: buyer, tokenId: second }, everything);
    expect(ownedTokenIds(buyerEvents, buyer)).toEqual([second]);
    expect(transferEventJson(buyerEvents[0] as TransferEvent).args).toEqual([
      seller,
      buyer,
      `0x${second.toString(16)}`,
    ]);
    expect(await readTransferEvents(chain, card, { from: buyer }, everything)).toEqual([]);
  });

  it('refuses to read a whole contract history without a filter, or over more than 5,000 blocks', async () => {
    expect((await refusal(readTransferEvents(chain, card, {}, everything))).status).toBe(422);
    const wide = await refusal(readTransferEvents(chain, card, { wallet: seller }, { fromBlock: 0n, toBlock: 5_000n }));
    expect(wide).toMatchObject({ status: 422, message: expect.stringContaining('at most 5000 blocks') });
  });

  it('answers a repeated read from memory for a few seconds, then from the chain again', async () => {
    const [first] = minted as [bigint];
    chainReadCache.clear();
    expect(await readOwnerOf(chain, card, first)).toBe(seller);
    await transfer(market.seller, buyer, first);
    expect(await readOwnerOf(chain, card, first)).toBe(seller);
    chainReadCache.clear();
    expect(await readOwnerOf(chain, card, first)).toBe(buyer);
  });
});

describe('an RPC that fails', () => {
  const servers: Server[] = [];
  afterAll(() => {
    for (const server of servers) server.closeAllConnections();
    for (const server of servers) server.close();
  });
  async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('gives 502 "did not answer" at once when nothing listens on the RPC port', async () => {
    const closed = ethChain(`http://127.0.0.1:${await freePort()}`);
    const started = Date.now();
    const error = await refusal(readOwnerOf(closed, card, 1n));
    expect(error).toMatchObject({ status: 502, message: 'The Ethereum (local) RPC did not answer' });
    expect(Date.now() - started).toBeLessThan(RPC_TIMEOUT_MS);
  });

  it(
    'gives 502 "did not answer" after the timeout when the RPC accepts the connection but stays silent',
    async () => {
      const silent = ethChain(await listen(() => {}));
      const started = Date.now();
      expect((await refusal(readBalanceOf(silent, card, seller))).message).toBe(
        'The Ethereum (local) RPC did not answer',
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(RPC_TIMEOUT_MS - 100);
    },
    RPC_TIMEOUT_MS + 5_000,
  );

  it('gives 502 "refused" when the RPC answers with an HTTP error, and does not keep the failure', async () => {
    let calls = 0;
    const failing = ethChain(
      await listen((_request, response) => {
        calls += 1;
        response.writeHead(500).end('{"error":"down"}');
      }),
    );
    const read = () => refusal(readTransferEvents(failing, card, { wallet: seller }, everything));
    expect(await read()).toMatchObject({ status: 502, message: 'The Ethereum (local) RPC refused the request' });
    const afterFirst = calls;
    await read();
    expect(calls).toBeGreaterThan(afterFirst);
  });
});

describe('ownedTokenIds', () => {
  const me = '0x00000000000000000000000000000000000000aa' as Address;
  const other = '0x00000000000000000000000000000000000000bb' as Address;
  let block = 0n;
  const event = (from: Address, to: Address, tokenId: bigint): TransferEvent => ({
    from,
    to,
    tokenId,
    blockNumber: ++block,
    logIndex: 0,
    transactionHash: `0x${block.toString(16).padStart(64, '0')}`,
  });

  it('keeps a token sent away and received back, and one sent to oneself', () => {
    const events = [
      event(zeroAddress, me, 1n),
      event(me, other, 1n),
      event(other, me, 1n),
      event(zeroAddress, me, 2n),
      event(me, me, 2n),
      event(zeroAddress, me, 3n),
      event(me, zeroAddress, 3n),
    ];
    expect(ownedTokenIds(events, me)).toEqual([1n, 2n]);
    expect(ownedTokenIds(events, other)).toEqual([]);
  });
});

describe('ReadCache', () => {
  it('shares one load between concurrent callers and loads again after the TTL', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ReadCache(10_000, 100, () => now);
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    now = 9_999;
    expect(await cache.get('k', load)).toBe(1);
    now = 10_000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('forgets failures and drops the oldest entry past its size', async () => {
    const cache = new ReadCache(10_000, 2);
    await expect(cache.get('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('bad', async () => 'ok')).toBe('ok');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(await cache.get('bad', async () => 'again')).toBe('again');
  });
});

describe('parameters', () => {
  const chains = loadChainConfig('local');

  it('reads the current chain unless a configured chain id is given, and refuses other ids', () => {
    const bsc = chains.find((chain) => chain.key === 'BSC');
    if (!bsc) throw new Error('the local config has BSC');
    expect(chainFromParam(chains, undefined, bsc).chainId).toBe(56);
    expect(chainFromParam(chains, 137, bsc).key).toBe('POLYGON');
    expect(() => chainFromParam(chains, 5, bsc)).toThrow(/chain_id: 5 is not one of 1, 56, 8217, 137/);
  });

  it('accepts addresses in any case and uint256 decimals, nothing else', () => {
    expect(chainReadParams.address.parse(`0x${'AB'.repeat(20)}`)).toBe(`0x${'ab'.repeat(20)}`);
    expect(chainReadParams.address.safeParse('0x1234').success).toBe(false);
    expect(chainReadParams.uint256.parse((2n ** 256n - 1n).toString())).toBe(2n ** 256n - 1n);
    expect(chainReadParams.uint256.safeParse((2n ** 256n).toString()).success).toBe(false);
    expect(chainReadParams.uint256.safeParse('-1').success).toBe(false);
    expect(chainReadParams.uint256.safeParse('0x10').success).toBe(false);
  });
});

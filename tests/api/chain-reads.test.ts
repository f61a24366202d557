/**
 * The chain read endpoints over HTTP against a real anvil running the Card contract (ERC-721
 * Enumerable): owner, balance, approval, enumeration and Transfer history, their refusals, and a 502
 * when a chain's RPC does not answer (BNB Chain points at a closed loopback port).
 *
 * The server finds the chains through CHAIN_OVERRIDES_JSON (src/features/chains/overrides.server.ts).
 */
import { type Address, erc721Abi, parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cardAbi } from '../../src/features/trading/contracts/cardAbi.ts';
import { categories } from '../../src/server/db/schema/index.ts';
import { type App, startApp } from '../helpers/api.ts';
import { type LocalMarket, startLocalMarket } from '../helpers/localMarket.ts';
import { freePort } from '../helpers/server.ts';

let market: LocalMarket;
let app: App;
let card: Address;
let seller: Address;
let buyer: Address;
let tokens: [bigint, bigint, bigint];

beforeAll(async () => {
  // Local Ethereum is chain id 1 in the chain config.
  market = await startLocalMarket({ chainId: 1 });
  card = market.contracts.card.toLowerCase() as Address;
  seller = market.seller.account.address.toLowerCase() as Address;
  buyer = market.buyer.account.address.toLowerCase() as Address;
  const { deployer, mined } = market;
  await mined(
    await deployer.writeContract({
      address: card,
      abi: cardAbi,
      functionName: 'issueDesign',
      args: [seller, 500, 5n, false],
    }),
  );
  const receipt = await mined(
    await deployer.writeContract({ address: card, abi: cardAbi, functionName: 'mintSerials', args: [1n, seller, 3n] }),
  );
  const ids = parseEventLogs({ abi: cardAbi, logs: receipt.logs, eventName: 'SerialMinted' }).map(
    (e) => e.args.tokenId,
  );
  tokens = ids as [bigint, bigint, bigint];
  await mined(
    await market.seller.writeContract({
      address: card,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [seller, buyer, tokens[1]],
    }),
  );
  await mined(
    await market.seller.writeContract({
      address: card,
      abi: erc721Abi,
      functionName: 'approve',
      args: [buyer, tokens[2]],
    }),
  );
  const overrides = {
    ETH: { rpcUrls: [market.anvil.rpcUrl] },
    BSC: { rpcUrls: [`http://127.0.0.1:${await freePort()}`] },
  };
  app = await startApp({
    seed: async (db) => {
      await db.insert(categories).values({ chainId: 1, contractAddress: card, name: 'Test collection' });
    },
    env: { CHAIN_OVERRIDES_JSON: JSON.stringify(overrides) },
  });
}, 90_000);

afterAll(async () => {
  await app?.stop();
  await market?.stop();
});

const get = (path: string, cookies: Record<string, string> = {}) => {
  const client = app.client();
  for (const [name, value] of Object.entries(cookies)) client.cookies.set(name, value);
  return client.get(path);
};

describe('history reads serve the catalogue only, over bounded ranges, and not without limit', () => {
  test('a contract outside the catalogue is 404 for transfer_events and token_of_owner_by_index', async () => {
    const stranger = market.contracts.atem.toLowerCase();
    const events = await get(`/api/v1/transfer_events?wallet_address=${seller}&contract_address=${stranger}`);
    expect(events.status).toBe(404);
    expect(events.body).toEqual({ message: `${stranger} is not a collection of this marketplace on chain 1` });
    const tokens = await get(`/api/v1/token_of_owner_by_index?wallet_address=${seller}&contract_address=${stranger}`);
    expect(tokens.status).toBe(404);
  });

  test('a block range wider than 5,000 blocks is refused with 422', async () => {
    const res = await get(
      `/api/v1/transfer_events?wallet_address=${seller}&contract_address=${card}&from_block=0&to_block=99999`,
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'from_block..to_block must be a range of at most 5000 blocks' });
  });

  test('one address gets 60 history reads a minute, then 429 with Retry-After', async () => {
    const client = app.client('127.0.0.7');
    const path = `/api/v1/token_of_owner_by_index?wallet_address=${seller}&contract_address=${card}&index=0`;
    let answered = 0;
    let refused: Awaited<ReturnType<typeof client.get>> | undefined;
    // Counted in fixed one-minute windows: a burst that crosses a window boundary may get up to 120 through.
    for (let i = 0; i < 130 && !refused; i += 1) {
      const res = await client.get(path);
      if (res.status === 429) refused = res;
      else answered += 1;
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answered).toBeGreaterThanOrEqual(60);
    expect(answered).toBeLessThanOrEqual(120);
  });
});

describe('reads from the current chain (Ethereum by default)', () => {
  test('GET owner_of answers the owner in lower case', async () => {
    const res = await get(`/api/v1/owner_of?token_id=${tokens[1]}&contract_address=${card}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ owner: buyer });
  });

  test('GET owner_of answers 404 for a token that does not exist', async () => {
    const res = await get(`/api/v1/owner_of?token_id=424242&contract_address=${card}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: `Token 424242 of ${card} does not exist` });
  });

  test('GET balance_of answers a decimal string', async () => {
    expect((await get(`/api/v1/balance_of?wallet_address=${seller}&contract_address=${card}`)).body).toEqual({
      balance: '2',
    });
  });

  test('GET get_approved answers the approved address, or the zero address', async () => {
    const approved = await get(`/api/v1/get_approved?chain_id=1&contract_address=${card}&token_id=${tokens[2]}`);
    expect(approved.body).toEqual({ approved: buyer });
    const none = await get(`/api/v1/get_approved?chain_id=1&contract_address=${card}&token_id=${tokens[0]}`);
    expect(none.body).toEqual({ approved: `0x${'0'.repeat(40)}` });
  });

  test('GET token_of_owner_by_index answers one token by index, or all of them without one', async () => {
    const base = `/api/v1/token_of_owner_by_index?wallet_address=${seller}&contract_address=${card}`;
    expect((await get(`${base}&index=0`)).body).toEqual({ tokenId: String(tokens[0]) });
    expect((await get(base)).body).toEqual({ balance: '2', tokenIds: [String(tokens[0]), String(tokens[2])] });
    expect((await get(`${base}&index=2`)).status).toBe(404);
  });

  test('GET transfer_events lists the wallet’s transfers with hex token ids, and the tokens it owns', async () => {
    const res = await get(`/api/v1/transfer_events?wallet_address=${seller}&contract_address=${card}`);
    expect(res.status).toBe(200);
    const body = res.body as { events: { args: string[]; tokenId: string }[]; tokenIds: string[] };
    expect(body.events.map((event) => event.args)).toEqual([
      [`0x${'0'.repeat(40)}`, seller, `0x${tokens[0].toString(16)}`],
      [`0x${'0'.repeat(40)}`, seller, `0x${tokens[1].toString(16)}`],
      [`0x${'0'.repeat(40)}`, seller, `0x${tokens[2].toString(16)}`],
      [seller, buyer, `0x${tokens[1].toString(16)}`],
    ]);
    expect(body.tokenIds).toEqual([String(tokens[0]), String(tokens[2])]);
    const sent = await get(`/api/v1/transfer_events?from=${seller}&to=${buyer}&contract_address=${card}`);
    expect((sent.body as { events: unknown[]; tokenIds?: unknown }).events).toHaveLength(1);
    expect(sent.body).not.toHaveProperty('tokenIds');
  });
});

describe('refusals', () => {
  test('malformed or missing parameters answer 422 naming the field', async () => {
    const cases = [
      `/api/v1/owner_of?token_id=1&contract_address=0x1234`,
      `/api/v1/owner_of?contract_address=${card}`,
      `/api/v1/owner_of?token_id=-1&contract_address=${card}`,
      `/api/v1/owner_of?token_id=${2n ** 256n}&contract_address=${card}`,
      `/api/v1/balance_of?wallet_address=nope&contract_address=${card}`,
      `/api/v1/get_approved?chain_id=abc&contract_address=${card}&token_id=1`,
      `/api/v1/token_of_owner_by_index?wallet_address=${seller}&contract_address=${card}&index=x`,
      `/api/v1/transfer_events?wallet_address=${seller}`,
    ];
    for (const path of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(422);
      expect(res.body, path).toEqual({ message: expect.any(String) });
    }
  });

  test('a chain id that is not configured answers 422 instead of reading another chain', async () => {
    const res = await get(`/api/v1/owner_of?chain_id=5&token_id=1&contract_address=${card}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: expect.stringContaining('chain_id: 5') });
  });

  test('transfer_events without any filter answers 422', async () => {
    expect((await get(`/api/v1/transfer_events?contract_address=${card}`)).status).toBe(422);
  });

  test('an address without a contract answers 422', async () => {
    expect((await get(`/api/v1/owner_of?token_id=1&contract_address=${buyer}`)).status).toBe(422);
  });
});

describe('a chain whose RPC does not answer', () => {
  test('answers 502 naming the chain, for chain_id and for the currentChain cookie', async () => {
    const byId = await get(`/api/v1/balance_of?chain_id=56&wallet_address=${seller}&contract_address=${card}`);
    expect(byId.status).toBe(502);
    expect(byId.body).toEqual({ message: 'The BNB Chain (local) RPC did not answer' });
    const byCookie = await get(`/api/v1/owner_of?token_id=1&contract_address=${card}`, { currentChain: 'BSC' });
    expect(byCookie.status).toBe(502);
    expect(byCookie.body).toEqual({ message: 'The BNB Chain (local) RPC did not answer' });
  });
});

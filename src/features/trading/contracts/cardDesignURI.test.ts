/**
 * The Card contract's content-addressed metadata on a real anvil chain: a design's `ipfs://` URI read by
 * tokenURI as `{uri}/{serial}`, corrected only by the minter within the freeze window, frozen by its creator (or
 * by the window's end) so that no role can change it again, the ERC-4906 and `PermanentURI` events, ERC-7572
 * `contractURI`, and designs issued before URIs existed still reading the admin's base URI.
 */
import { type Address, type Hash, parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueDesign, type LocalMarket, mintSerials, startLocalMarket } from '#tests/helpers/localMarket';
import { revertName } from '#tests/helpers/revertName';
import { cardAbi } from './cardAbi';

const DIR = 'ipfs://bafybeibu2gcf227udyjuz3lmh3vijqoz3inzjxpaxueyxs2fdosbmbvlxq';
const OTHER = 'ipfs://bafybeihdndb4izktxzkwahg3pwgg4f3ijstijw4522czwyhfl4r4noyliq';

let market: LocalMarket;
let creator: Address;

beforeAll(async () => {
  market = await startLocalMarket({ chainId: 31_337 });
  creator = market.seller.account.address;
}, 30_000);

afterAll(async () => {
  await market?.stop();
});

const read = <const F extends 'tokenURI' | 'designURI' | 'isDesignURIFrozen' | 'contractURI'>(
  functionName: F,
  args: F extends 'contractURI' ? [] : [bigint],
) =>
  // biome-ignore lint/suspicious/noExplicitAny: one reader for four view functions of the same ABI
  market.publicClient.readContract({ address: market.contracts.card, abi: cardAbi, functionName, args } as any);

/** Issues a design of `serials` for the creator; publishes `uri` first when given, then mints `minted` serials. */
async function design(serials: bigint, minted: bigint, uri?: string) {
  const { designId } = await issueDesign(market, { creator, royaltyBps: 500, maxSerials: serials });
  if (uri) await setURI(market.deployer, designId, uri);
  const receipt = await mintSerials(market, designId, creator, minted);
  const tokens = parseEventLogs({ abi: cardAbi, logs: receipt.logs, eventName: 'SerialMinted' }).map(
    (log) => log.args.tokenId,
  );
  return { designId, tokens };
}

async function setURI(wallet: LocalMarket['deployer'], designId: bigint, uri: string) {
  const hash: Hash = await wallet.writeContract({
    address: market.contracts.card,
    abi: cardAbi,
    functionName: 'setDesignURI',
    args: [designId, uri],
  });
  return market.mined(hash);
}

async function freeze(wallet: LocalMarket['deployer'], designId: bigint, tokenIds: bigint[]) {
  return market.mined(
    await wallet.writeContract({
      address: market.contracts.card,
      abi: cardAbi,
      functionName: 'freezeDesignURI',
      args: [designId, tokenIds],
    }),
  );
}

describe('Card design URIs', () => {
  test('tokenURI is the design URI, a slash and the serial; the admin base URI no longer reaches it', async () => {
    const { designId, tokens } = await design(5n, 2n, DIR);
    expect(await read('designURI', [designId])).toBe(DIR);
    expect(await read('tokenURI', [tokens[1] ?? 0n])).toBe(`${DIR}/2`);
    await market.mined(
      await market.deployer.writeContract({
        address: market.contracts.card,
        abi: cardAbi,
        functionName: 'setBaseURI',
        args: ['https://admin.example/'],
      }),
    );
    expect(await read('tokenURI', [tokens[0] ?? 0n])).toBe(`${DIR}/1`);
  });

  test('a design issued without a URI reads the base URI until the minter publishes one (with ERC-4906)', async () => {
    const { designId, tokens } = await design(3n, 1n);
    const [token] = tokens;
    if (token === undefined) throw new Error('nothing minted');
    expect(await read('tokenURI', [token])).toBe(`https://admin.example/${token}`);
    const receipt = await setURI(market.deployer, designId, DIR);
    expect(parseEventLogs({ abi: cardAbi, logs: receipt.logs, eventName: 'BatchMetadataUpdate' })).toHaveLength(1);
    expect(await read('tokenURI', [token])).toBe(`${DIR}/1`);
  });

  test('the creator freezes the URI: PermanentURI and MetadataUpdate per token, then no role can change it', async () => {
    const { designId, tokens } = await design(4n, 2n, DIR);
    expect(await revertName(setURI(market.seller, designId, OTHER))).toBe('AccessControlUnauthorizedAccount');
    expect(await revertName(freeze(market.buyer, designId, tokens))).toBe('NotDesignCreator');
    await setURI(market.deployer, designId, OTHER);
    const receipt = await freeze(market.seller, designId, tokens);
    const permanent = parseEventLogs({ abi: cardAbi, logs: receipt.logs, eventName: 'PermanentURI' });
    expect(permanent.map((log) => [log.args._value, log.args._id])).toEqual(
      tokens.map((token, i) => [`${OTHER}/${i + 1}`, token]),
    );
    expect(parseEventLogs({ abi: cardAbi, logs: receipt.logs, eventName: 'MetadataUpdate' })).toHaveLength(2);
    expect(parseEventLogs({ abi: cardAbi, logs: receipt.logs, eventName: 'DesignURIFrozen' })).toHaveLength(1);
    expect(await read('isDesignURIFrozen', [designId])).toBe(true);

    // The minter (also the admin here), the creator and an outsider: each is refused.
    expect(await revertName(setURI(market.deployer, designId, DIR))).toBe('DesignURIIsFrozen');
    expect(await revertName(setURI(market.seller, designId, DIR))).toBe('AccessControlUnauthorizedAccount');
    expect(await revertName(setURI(market.buyer, designId, DIR))).toBe('AccessControlUnauthorizedAccount');
    expect(await read('tokenURI', [tokens[0] ?? 0n])).toBe(`${OTHER}/1`);

    // A serial minted after the freeze is announced permanent as it is minted.
    const late = await market.mined(
      await market.deployer.writeContract({
        address: market.contracts.card,
        abi: cardAbi,
        functionName: 'mintSerials',
        args: [designId, creator, 1n],
      }),
    );
    const [event] = parseEventLogs({ abi: cardAbi, logs: late.logs, eventName: 'PermanentURI' });
    expect(event?.args._value).toBe(`${OTHER}/3`);
  });

  test('freezing names only the design’s tokens, and needs a published URI', async () => {
    const first = await design(2n, 1n, DIR);
    const bare = await design(2n, 1n);
    expect(await revertName(freeze(market.seller, first.designId, bare.tokens))).toBe('TokenNotOfDesign');
    expect(await revertName(freeze(market.seller, bare.designId, bare.tokens))).toBe('EmptyDesignURI');
  });

  test('three days after its publication a URI is frozen without anyone freezing it', async () => {
    const { designId } = await design(2n, 1n, DIR);
    const window = await market.publicClient.readContract({
      address: market.contracts.card,
      abi: cardAbi,
      functionName: 'FREEZE_WINDOW',
    });
    expect(window).toBe(3n * 24n * 3600n);
    expect(await read('isDesignURIFrozen', [designId])).toBe(false);
    await market.publicClient.request({ method: 'evm_increaseTime' as never, params: [Number(window)] as never });
    await market.publicClient.request({ method: 'evm_mine' as never, params: [] as never });
    expect(await read('isDesignURIFrozen', [designId])).toBe(true);
    expect(await revertName(setURI(market.deployer, designId, OTHER))).toBe('DesignURIIsFrozen');
  });

  test('contractURI (ERC-7572) is published by the minter with ContractURIUpdated; ERC-4906 is declared', async () => {
    expect(await read('contractURI', [])).toBe('');
    const receipt = await market.mined(
      await market.deployer.writeContract({
        address: market.contracts.card,
        abi: cardAbi,
        functionName: 'setContractURI',
        args: [OTHER],
      }),
    );
    expect(parseEventLogs({ abi: cardAbi, logs: receipt.logs, eventName: 'ContractURIUpdated' })).toHaveLength(1);
    expect(await read('contractURI', [])).toBe(OTHER);
    const outsider = market.buyer.writeContract({
      address: market.contracts.card,
      abi: cardAbi,
      functionName: 'setContractURI',
      args: [DIR],
    });
    expect(await revertName(outsider)).toBe('AccessControlUnauthorizedAccount');
    const supports = await market.publicClient.readContract({
      address: market.contracts.card,
      abi: cardAbi,
      functionName: 'supportsInterface',
      args: ['0x49064906'],
    });
    expect(supports).toBe(true);
  });
});

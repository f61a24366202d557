/**
 * The Card contract on a real anvil chain: designs, serial numbers, royalties, metadata URIs, roles and
 * enumeration, as the platform minter, an admin and an outsider see them.
 */
import { type Address, erc721Abi, getAddress, parseEventLogs, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { issueDesign, type LocalMarket, mintSerials, startLocalMarket } from '#tests/helpers/localMarket';
import { revertName } from '#tests/helpers/revertName';
import { cardAbi } from './cardAbi';

const CREATOR = getAddress('0x0000000000000000000000000000000000c0ffee');
const BASE_URI = 'http://127.0.0.1:4321/api/v1/cards/metadata/';

let market: LocalMarket;

beforeAll(async () => {
  market = await startLocalMarket({ chainId: 31_337 });
  // deployLocal leaves the base URI empty; the admin (the deployer here) points it at the API.
  await market.mined(
    await market.deployer.writeContract({
      address: market.contracts.card,
      abi: cardAbi,
      functionName: 'setBaseURI',
      args: [BASE_URI],
    }),
  );
}, 30_000);

afterAll(async () => {
  await market?.stop();
});

/** Reads view `functionName` of the market's card for `tokenId`. */
function readCard(functionName: 'designOf' | 'serialOf' | 'tokenURI', tokenId: bigint) {
  const { publicClient, contracts } = market;
  return publicClient.readContract({ address: contracts.card, abi: cardAbi, functionName, args: [tokenId] });
}

const designOf = (tokenId: bigint) => readCard('designOf', tokenId);
const serialOf = (tokenId: bigint) => readCard('serialOf', tokenId);
const tokenURI = (tokenId: bigint) => readCard('tokenURI', tokenId);

/** The minter issues a design and mints `count` serials to `to`; returns the design id, its event and the receipt. */
async function issueAndMint(royaltyBps: number, maxSerials: bigint, to: Address, count: bigint) {
  const issued = await issueDesign(market, { creator: CREATOR, royaltyBps, maxSerials });
  const minted = await mintSerials(market, issued.designId, to, count);
  return { designId: issued.designId, issued, minted };
}

describe('Card', () => {
  test('a design is issued with its creator, royalty and serial limit, and its serials get consecutive ids numbered 1..n', async () => {
    const owner = market.seller.account.address;
    const first = await issueAndMint(500, 10n, owner, 3n);
    const second = await issueAndMint(1_000, 5n, owner, 2n);

    expect(second.designId).toBe(first.designId + 1n);
    expect(first.issued).toEqual({
      designId: first.designId,
      creator: CREATOR,
      royaltyBps: 500,
      maxSerials: 10n,
      royaltyGuaranteed: false,
    });
    const serials = parseEventLogs({ abi: cardAbi, logs: second.minted.logs, eventName: 'SerialMinted' });
    expect(serials.map(({ args }) => [args.tokenId, args.designId, args.serial, args.to])).toEqual([
      [4n, second.designId, 1n, owner],
      [5n, second.designId, 2n, owner],
    ]);
    for (const [tokenId, designId, serial] of [
      [1n, first.designId, 1n],
      [3n, first.designId, 3n],
      [4n, second.designId, 1n],
      [5n, second.designId, 2n],
    ] as const) {
      expect(await designOf(tokenId)).toBe(designId);
      expect(await serialOf(tokenId)).toBe(serial);
    }
    const info = await market.publicClient.readContract({
      address: market.contracts.card,
      abi: cardAbi,
      functionName: 'designInfo',
      args: [first.designId],
    });
    expect(info).toEqual({
      creator: CREATOR,
      royaltyBps: 500,
      maxSerials: 10n,
      minted: 3n,
      uriPublishedAt: 0,
      uriFrozen: false,
      royaltyGuaranteed: false,
    });
  });

  test('more serials than the design allows are refused', async () => {
    const { designId } = await issueAndMint(0, 2n, market.seller.account.address, 2n);
    const more = market.deployer.writeContract({
      address: market.contracts.card,
      abi: cardAbi,
      functionName: 'mintSerials',
      args: [designId, market.seller.account.address, 1n],
    });
    expect(await revertName(more)).toBe('SerialsExhausted');
  });

  test('royaltyInfo pays the design creator the design rate of the sale price, rounded down', async () => {
    const { minted } = await issueAndMint(750, 1n, market.seller.account.address, 1n);
    const [serial] = parseEventLogs({ abi: cardAbi, logs: minted.logs, eventName: 'SerialMinted' });
    const tokenId = serial?.args.tokenId ?? 0n;
    const royalty = await market.publicClient.readContract({
      address: market.contracts.card,
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [tokenId, 1_000_000_000_000_000_001n],
    });
    expect(royalty).toEqual([CREATOR, 75_000_000_000_000_000n]);
  });

  test('the token URI is the base URI followed by the token id, and only the admin may change the base URI', async () => {
    const { contracts, deployer, buyer, mined } = market;
    expect(await tokenURI(4n)).toBe(`${BASE_URI}4`);

    const outsider = buyer.writeContract({
      address: contracts.card,
      abi: cardAbi,
      functionName: 'setBaseURI',
      args: ['https://evil.example/'],
    });
    expect(await revertName(outsider)).toBe('AccessControlUnauthorizedAccount');

    await mined(
      await deployer.writeContract({
        address: contracts.card,
        abi: cardAbi,
        functionName: 'setBaseURI',
        args: ['https://api.kirafuda.test/v2/'],
      }),
    );
    expect(await tokenURI(4n)).toBe('https://api.kirafuda.test/v2/4');
    await mined(
      await deployer.writeContract({
        address: contracts.card,
        abi: cardAbi,
        functionName: 'setBaseURI',
        args: [BASE_URI],
      }),
    );
  });

  test('only the platform minter may issue designs or mint serials', async () => {
    const { contracts, buyer } = market;
    const issue = () =>
      buyer.writeContract({
        address: contracts.card,
        abi: cardAbi,
        functionName: 'issueDesign',
        args: [CREATOR, 500, 10n, false],
      });
    const mint = () =>
      buyer.writeContract({
        address: contracts.card,
        abi: cardAbi,
        functionName: 'mintSerials',
        args: [1n, buyer.account.address, 1n],
      });
    expect(await revertName(issue())).toBe('AccessControlUnauthorizedAccount');
    expect(await revertName(mint())).toBe('AccessControlUnauthorizedAccount');
  });

  test('a design with a royalty above 100 %, no serials or no creator is refused, and so is an unknown design', async () => {
    const { contracts, deployer } = market;
    const issue = (creator: Address, royaltyBps: number, maxSerials: bigint) =>
      deployer.writeContract({
        address: contracts.card,
        abi: cardAbi,
        functionName: 'issueDesign',
        args: [creator, royaltyBps, maxSerials, false],
      });
    expect(await revertName(issue(CREATOR, 10_001, 1n))).toBe('InvalidRoyalty');
    expect(await revertName(issue(CREATOR, 100, 0n))).toBe('InvalidMaxSerials');
    expect(await revertName(issue(zeroAddress, 100, 1n))).toBe('InvalidCreator');
    const mintUnknown = deployer.writeContract({
      address: contracts.card,
      abi: cardAbi,
      functionName: 'mintSerials',
      args: [999n, deployer.account.address, 1n],
    });
    expect(await revertName(mintUnknown)).toBe('UnknownDesign');
    expect(await revertName(designOf(999n))).toBe('ERC721NonexistentToken');
  });

  test("an owner's cards can be listed by index (ERC-721 Enumerable), and transfers keep the lists right", async () => {
    const { publicClient, contracts, seller, buyer, mined } = market;
    const { minted } = await issueAndMint(0, 3n, buyer.account.address, 3n);
    const ids = parseEventLogs({ abi: cardAbi, logs: minted.logs, eventName: 'SerialMinted' }).map(
      (e) => e.args.tokenId,
    );
    const owned = async (owner: Address) => {
      const count = await publicClient.readContract({
        address: contracts.card,
        abi: erc721Abi,
        functionName: 'balanceOf',
        args: [owner],
      });
      const tokens: bigint[] = [];
      for (let index = 0n; index < count; index++) {
        tokens.push(
          await publicClient.readContract({
            address: contracts.card,
            abi: cardAbi,
            functionName: 'tokenOfOwnerByIndex',
            args: [owner, index],
          }),
        );
      }
      return tokens.sort((a, b) => (a < b ? -1 : 1));
    };
    expect(await owned(buyer.account.address)).toEqual(ids);

    const [moved] = ids;
    if (moved === undefined) throw new Error('nothing minted');
    await mined(
      await buyer.writeContract({
        address: contracts.card,
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [buyer.account.address, seller.account.address, moved],
      }),
    );
    expect(await owned(buyer.account.address)).toEqual(ids.slice(1));
    expect(await owned(seller.account.address)).toContain(moved);
    const total = await publicClient.readContract({
      address: contracts.card,
      abi: cardAbi,
      functionName: 'totalSupply',
    });
    const designs = await publicClient.readContract({
      address: contracts.card,
      abi: cardAbi,
      functionName: 'designCount',
    });
    expect(total).toBeGreaterThanOrEqual(BigInt(ids.length));
    expect(designs).toBeGreaterThan(0n);
  });

  test('it declares ERC-721, ERC-721 Enumerable, ERC-2981 and AccessControl support (ERC-165)', async () => {
    const supports = (id: `0x${string}`) =>
      market.publicClient.readContract({
        address: market.contracts.card,
        abi: cardAbi,
        functionName: 'supportsInterface',
        args: [id],
      });
    expect(await supports('0x80ac58cd')).toBe(true);
    expect(await supports('0x780e9d63')).toBe(true);
    expect(await supports('0x2a55205a')).toBe(true);
    expect(await supports('0x7965db0b')).toBe(true);
    expect(await supports('0xffffffff')).toBe(false);
  });
});

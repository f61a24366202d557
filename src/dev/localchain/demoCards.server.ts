/**
 * Makes a local chain hold the catalogue's cards as the database has them: every collection of the chain
 * gets a Card contract at its address (placed there when the address has no code, with the local minter as
 * admin and minter), and every card of it is minted, in token id order, to its owner in the database, under
 * a design paying the collection's creator a 10 % royalty (the demo's rate), guaranteed or open as the collection
 * chose (the Card's conduit and zone: the chain's). Cards already minted are left
 * alone, so running it again (or after a crash halfway) only adds what is missing.
 *
 * Only for local anvil chains: it writes contract code where the demo catalogue says a contract is.
 *
 * @see ../seed/demoPlan.ts (collections and cards), ./placeContract.server.ts
 */
import { asc, eq, sql } from 'drizzle-orm';
import { type Abi, type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { LOCAL_DEPLOYER } from '~/features/chains/localDefaults';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { onContract } from '~/server/db/onChainConditions';
import { cards, categories, illustrators, users } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import cardArtifact from '../../../contracts/artifacts/Card.json';
import { DEMO_ROYALTY_BPS } from '../seed/prices';
import type { LocalChainClients } from './localClients.server';
import { placeContractAt } from './placeContract.server';

/** What {@link mintCatalogueCards} did on one chain. */
export interface MintedCards {
  /** Contracts placed at collection addresses that had no code. */
  placed: number;
  minted: number;
}

interface Collection {
  id: number;
  contract: Address;
  name: string;
  creatorWallet: string | null;
  royaltyGuaranteed: boolean;
}

async function collectionsOf(db: Database, chainId: number): Promise<Collection[]> {
  const rows = await db
    .select({
      id: categories.id,
      contract: categories.contractAddress,
      name: categories.name,
      nameEn: categories.nameEn,
      creatorWallet: users.walletAddress,
      royaltyGuaranteed: categories.royaltyGuaranteed,
    })
    .from(categories)
    .leftJoin(illustrators, eq(illustrators.id, categories.creatorId))
    .leftJoin(users, eq(users.id, illustrators.userId))
    .where(eq(categories.chainId, chainId))
    .orderBy(asc(categories.id));
  return rows.map((row) => ({ ...row, contract: getAddress(row.contract), name: row.nameEn ?? row.name }));
}

/** Runs of consecutive token ids going to one owner, from `first` on (stops at a gap in the ids). */
function mintRuns(tokens: readonly { tokenId: string; owner: string }[], first: bigint) {
  const runs: { owner: Address; count: bigint }[] = [];
  let next = first;
  for (const token of tokens) {
    const id = BigInt(token.tokenId);
    if (id < next) continue;
    if (id > next) break;
    const owner = getAddress(token.owner === zeroAddress ? LOCAL_DEPLOYER : token.owner);
    const last = runs.at(-1);
    if (last && last.owner === owner) last.count += 1n;
    else runs.push({ owner, count: 1n });
    next += 1n;
  }
  return runs;
}

/** A design with room for `count` more serials: the newest one, or a new one for the collection's creator. */
async function designFor(clients: LocalChainClients, collection: Collection, count: bigint): Promise<bigint> {
  const { publicClient, wallet, mined } = clients;
  const address = collection.contract;
  const designs = await publicClient.readContract({ address, abi: cardAbi, functionName: 'designCount' });
  if (designs > 0n) {
    const design = await publicClient.readContract({
      address,
      abi: cardAbi,
      functionName: 'designInfo',
      args: [designs],
    });
    if (BigInt(design.maxSerials - design.minted) >= count) return designs;
  }
  const creator = (collection.creatorWallet ?? LOCAL_DEPLOYER) as Address;
  await mined(
    await wallet(LOCAL_DEPLOYER).writeContract({
      address,
      abi: cardAbi,
      functionName: 'issueDesign',
      args: [creator, DEMO_ROYALTY_BPS, count, collection.royaltyGuaranteed],
    }),
  );
  return designs + 1n;
}

/** Mints the cards of every collection on the chain that the chain does not hold yet (see the module comment). */
export async function mintCatalogueCards(db: Database, clients: LocalChainClients): Promise<MintedCards> {
  const { publicClient, wallet, mined, chain } = clients;
  const { market: conduit, zone } = chain.contracts;
  const result: MintedCards = { placed: 0, minted: 0 };
  for (const collection of await collectionsOf(db, chain.chainId)) {
    const code = await publicClient.getCode({ address: collection.contract });
    if (code === undefined || code === '0x') {
      await placeContractAt(clients, {
        address: collection.contract,
        from: LOCAL_DEPLOYER,
        abi: cardArtifact.abi as Abi,
        bytecode: cardArtifact.bytecode as Hex,
        args: [collection.name, 'KIRA', '', LOCAL_DEPLOYER, LOCAL_DEPLOYER, conduit, zone],
      });
      result.placed += 1;
    }
    const supply = await publicClient.readContract({
      address: collection.contract,
      abi: cardAbi,
      functionName: 'totalSupply',
    });
    const tokens = await db
      .select({ tokenId: cards.tokenId, owner: cards.ownerAddress })
      .from(cards)
      .where(onContract(cards, chain.chainId, collection.contract.toLowerCase()))
      .orderBy(asc(sql`${cards.tokenId}::numeric`));
    const runs = mintRuns(tokens, supply + 1n);
    const total = runs.reduce((sum, run) => sum + run.count, 0n);
    if (total === 0n) continue;
    const design = await designFor(clients, collection, total);
    for (const run of runs) {
      await mined(
        await wallet(LOCAL_DEPLOYER).writeContract({
          address: collection.contract,
          abi: cardAbi,
          functionName: 'mintSerials',
          args: [design, run.owner, run.count],
        }),
      );
    }
    result.minted += Number(total);
  }
  return result;
}

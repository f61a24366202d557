/**
 * `node bench/card-gas.mjs`: the gas the platform minter spends on a card contract (`contracts/Card.sol`, from
 * `contracts/artifacts`) on a fresh anvil: issuing a design and minting its first serial, minting ten more in one
 * call, publishing the design's metadata URI, freezing it and the collection's contractURI (where the contract has
 * them). Prints one
 * line per step; the numbers are exact (gasUsed of each receipt), not timings.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from '../scripts/lib/bundle-ts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const artifact = JSON.parse(readFileSync(join(root, 'contracts', 'artifacts', 'Card.json'), 'utf8'));
const has = (name) => artifact.abi.some((item) => item.type === 'function' && item.name === name);
const { startLocalMarket } = await importTs('tests/helpers/localMarket.ts');

const market = await startLocalMarket({ chainId: 31_337 });
try {
  const { deployer, contracts, mined } = market;
  const abi = artifact.abi;
  const creator = deployer.account.address;
  const send = async (functionName, args) =>
    (await mined(await deployer.writeContract({ address: contracts.card, abi, functionName, args }))).gasUsed;
  const rows = [];
  const issue = await send('issueDesign', [creator, 500, 100n, false]);
  // A directory CID of the unixfs-v1-2025 profile: the length of what a real design stores.
  const uri = 'ipfs://bafybeibu2gcf227udyjuz3lmh3vijqoz3inzjxpaxueyxs2fdosbmbvlxq';
  const publish = has('setDesignURI') ? await send('setDesignURI', [1n, uri]) : 0n;
  const first = await send('mintSerials', [1n, creator, 1n]);
  const ten = await send('mintSerials', [1n, creator, 10n]);
  rows.push(['issueDesign', issue], ['setDesignURI', publish], ['mintSerials (first serial)', first]);
  rows.push(['issue + publish + first mint', issue + publish + first], ['mintSerials (10 more)', ten]);
  rows.push(['mintSerials (1 more)', await send('mintSerials', [1n, creator, 1n])]);
  if (has('freezeDesignURI')) {
    const ids = Array.from({ length: 12 }, (_, i) => BigInt(i + 1));
    rows.push(['freezeDesignURI (12 minted)', await send('freezeDesignURI', [1n, ids])]);
    rows.push(['mintSerials (1, design frozen)', await send('mintSerials', [1n, creator, 1n])]);
    // A second design frozen before any serial exists: the freeze alone.
    await send('issueDesign', [creator, 500, 10n, false]);
    await send('setDesignURI', [2n, uri]);
    rows.push(['freezeDesignURI (none minted)', await send('freezeDesignURI', [2n, []])]);
  }
  if (has('setContractURI')) rows.push(['setContractURI (once a collection)', await send('setContractURI', [uri])]);
  // A holder moving their card (a gift: no royalty, no validator in the way), and what listing it first costs.
  const { seller, buyer, publicClient } = market;
  await send('mintSerials', [1n, seller.account.address, 2n]);
  const held = (await publicClient.readContract({ address: contracts.card, abi, functionName: 'totalSupply' })) - 1n;
  const holder = async (functionName, args) =>
    (await mined(await seller.writeContract({ address: contracts.card, abi, functionName, args }))).gasUsed;
  rows.push([
    'transferFrom (by its holder)',
    await holder('transferFrom', [seller.account.address, buyer.account.address, held]),
  ]);
  const approved = await publicClient.readContract({
    address: contracts.card,
    abi,
    functionName: 'isApprovedForAll',
    args: [seller.account.address, contracts.conduit],
  });
  rows.push(['conduit approval to list', approved ? 0n : await holder('setApprovalForAll', [contracts.conduit, true])]);
  for (const [step, gas] of rows) console.log(`${step.padEnd(32)} ${gas.toString().padStart(9)} gas`);
} finally {
  await market.stop();
}

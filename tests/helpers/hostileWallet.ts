/**
 * Test support: the hostile ERC-1271 wallet of `contracts/TestHostileWallet.sol` on the test market
 * (./testMarket.ts), owned by an anvil account: deployed, given a card of the seller's and wrapped ether, its
 * approvals made through `execute`, its `isValidSignature` switched between the modes the contract describes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Abi, type Address, encodeFunctionData, erc20Abi, erc721Abi, type Hex } from 'viem';
import { wrappedNativeAbi } from '../../src/features/trading/contracts/wrappedNativeAbi';
import type { LocalWallet } from './localMarket';
import type { TestMarket } from './testMarket';

const artifact = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../contracts/artifacts/TestHostileWallet.json'), 'utf8'),
) as { abi: Abi; bytecode: Hex };

/** How the wallet answers `isValidSignature` (the contract's `Mode`). */
export const WalletMode = { Always: 0, WithoutGasPrice: 1, FromBlock: 2, AtBlock: 3, Never: 4 } as const;

/** A deployed hostile wallet and what its owner can make it do. */
export interface HostileWallet {
  address: Address;
  owner: LocalWallet;
  /** Sets the mode (and the block `FromBlock` and `AtBlock` name). */
  setMode: (mode: number, switchBlock?: bigint) => Promise<void>;
  /** Makes the wallet call `target` with `data` (and `value` wei). */
  execute: (target: Address, data: Hex, value?: bigint) => Promise<void>;
}

/** Deploys a hostile wallet owned by `owner` (mode `Always`). */
export async function deployHostileWallet(fixture: TestMarket, owner: LocalWallet): Promise<HostileWallet> {
  const { publicClient, mined } = fixture.market;
  const hash = await owner.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [owner.account.address],
  });
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (!contractAddress) throw new Error('the hostile wallet was not deployed');
  const address = contractAddress;
  const write = async (functionName: 'setMode' | 'execute', args: readonly unknown[], value = 0n) => {
    await mined(await owner.writeContract({ address, abi: artifact.abi, functionName, args, value }));
  };
  return {
    address,
    owner,
    setMode: (mode, switchBlock = 0n) => write('setMode', [mode, switchBlock]),
    execute: (target, data, value = 0n) => write('execute', [target, value, data], value),
  };
}

/** Gives the wallet card `tokenId` of the seller's and lets the conduit move the wallet's cards. */
export async function giveCard(fixture: TestMarket, wallet: HostileWallet, tokenId: bigint): Promise<void> {
  const { seller, contracts, mined } = fixture.market;
  await mined(
    await seller.writeContract({
      address: contracts.card,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [seller.account.address, wallet.address, tokenId],
    }),
  );
  await wallet.execute(
    contracts.card,
    encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [contracts.conduit, true] }),
  );
}

/** Wraps `amount` of the owner's ether into the wallet's wrapped ether and lets the conduit move it. */
export async function fundWallet(fixture: TestMarket, wallet: HostileWallet, amount: bigint): Promise<void> {
  const { contracts } = fixture.market;
  await wallet.execute(
    contracts.wrappedNative,
    encodeFunctionData({ abi: wrappedNativeAbi, functionName: 'deposit' }),
    amount,
  );
  await wallet.execute(
    contracts.wrappedNative,
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [contracts.conduit, amount * 1_000n] }),
  );
}

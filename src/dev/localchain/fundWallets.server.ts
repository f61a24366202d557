/**
 * Gives every local development account (the demo wallets) some of each ERC-20 a local listing can be
 * priced in: 10 000 ATEM from the deployer's supply and 10 wrapped native coins (deposited from the
 * account's own anvil balance), so ERC-20 listings can be bought out of the box. Accounts that hold some
 * already are skipped.
 */
import { type Address, erc20Abi, parseEther } from 'viem';
import { LOCAL_DEPLOYER } from '~/features/chains/localDefaults';
import { wrappedNativeAbi } from '~/features/trading/contracts/wrappedNativeAbi';
import { ANVIL_ACCOUNTS } from '../seed/accounts';
import type { LocalChainClients } from './localClients.server';

/** ATEM each account receives. */
export const LOCAL_ATEM_GRANT = parseEther('10000');
/** Wrapped native coin each account deposits. */
export const LOCAL_WRAPPED_GRANT = parseEther('10');

/** Funds the accounts that hold none yet; resolves with how many transactions were sent. */
export async function fundLocalWallets(clients: LocalChainClients): Promise<number> {
  const { publicClient, wallet, mined, chain } = clients;
  const balance = (token: Address, account: Address) =>
    publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [account] });
  const held = await Promise.all(
    ANVIL_ACCOUNTS.map((account) =>
      Promise.all([balance(chain.contracts.atem, account), balance(chain.contracts.payment, account)]),
    ),
  );
  let sent = 0;
  for (const [index, account] of ANVIL_ACCOUNTS.entries()) {
    const [atem, wrapped] = held[index] ?? [0n, 0n];
    if (atem === 0n && account !== LOCAL_DEPLOYER) {
      await mined(
        await wallet(LOCAL_DEPLOYER).writeContract({
          address: chain.contracts.atem,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [account, LOCAL_ATEM_GRANT],
        }),
      );
      sent += 1;
    }
    if (wrapped === 0n) {
      await mined(
        await wallet(account).writeContract({
          address: chain.contracts.payment,
          abi: wrappedNativeAbi,
          functionName: 'deposit',
          value: LOCAL_WRAPPED_GRANT,
        }),
      );
      sent += 1;
    }
  }
  return sent;
}

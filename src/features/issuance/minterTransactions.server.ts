/**
 * The platform minter's transactions: its wallet on a chain, a wait for a receipt that fails on a revert, one
 * transaction sent and mined ({@link sendAsMinter}, for the metadata jobs and issuing), and publishing a design's URI.
 * Callers hold the chain's minter lock (./minter.server.ts `oneAtATime`) so the minter's nonces never collide.
 *
 * @see ../../../contracts/Card.sol
 */
import {
  type Address,
  createWalletClient,
  type Hash,
  http,
  type PrivateKeyAccount,
  type TransactionReceipt,
} from 'viem';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor, toViemChain } from '~/features/chains/publicClients.server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';

/** The minter's wallet on `chain` and a wait for a receipt that fails on a revert. */
export function minterClients(chain: Chain, account: PrivateKeyAccount) {
  const rpcUrl = chain.rpcUrls.find((url) => /^https?:/i.test(url));
  const wallet = createWalletClient({ account, chain: toViemChain(chain), transport: http(rpcUrl) });
  const client = publicClientFor(chain);
  const mined = async (hash: Hash): Promise<TransactionReceipt> => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 180_000 });
    if (receipt.status !== 'success') throw new Error(`mint transaction ${hash} reverted`);
    return receipt;
  };
  return { wallet, mined };
}

/** Sets a design's metadata URI (`setDesignURI`); resolves with the transaction once mined. */
export function setDesignUriNow(
  chain: Chain,
  account: PrivateKeyAccount,
  parameters: { contract: Address; designId: bigint; uri: string },
): Promise<Hash> {
  return sendAsMinter(chain, account, (wallet) =>
    wallet.writeContract({
      address: parameters.contract,
      abi: cardAbi,
      functionName: 'setDesignURI',
      args: [parameters.designId, parameters.uri],
    }),
  );
}

/** The minter's wallet on a chain, as {@link sendAsMinter} hands it. */
export type MinterWallet = ReturnType<typeof minterClients>['wallet'];

/** Sends one transaction from the minter (`send` writes it) and resolves once it is mined; throws on a revert. */
export async function sendAsMinter(
  chain: Chain,
  account: PrivateKeyAccount,
  send: (wallet: MinterWallet) => Promise<Hash>,
): Promise<Hash> {
  const { wallet, mined } = minterClients(chain, account);
  const hash = await send(wallet);
  await mined(hash);
  return hash;
}

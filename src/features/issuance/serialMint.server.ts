/**
 * One serial minted for one purchase, exactly once however often a process stops or several run: the mint is
 * signed first with a fixed gas limit (a receiver cannot make the platform minter pay more than that) after a
 * simulation sent as the transaction will be (same sender, gas and fee fields), the caller stores the signed
 * bytes with its purchase, then it is sent; a later pass follows the same bytes to their receipt. The token is
 * read from that transaction's own `SerialMinted` event, never looked for among the buyer's tokens, so two
 * purchases can never take one mint. A transaction whose nonce another took is `dropped`: the caller signs anew.
 *
 * @see ../../../contracts/Card.sol (mintSerials), ./minter.server.ts (the minter's key)
 */
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  type Hash,
  type Hex,
  http,
  keccak256,
  type PrivateKeyAccount,
  parseEventLogs,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerialized,
} from 'viem';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor, toViemChain } from '~/features/chains/publicClients.server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { oneAtATime } from './minter.server';

/** Gas a serial's mint may use at most: a plain mint uses about half; a hook that burns gas stops here. */
export const MINT_GAS_LIMIT = 250_000n;

/** What to mint. */
export interface SerialMintParameters {
  contract: Address;
  designId: bigint;
  to: Address;
}

/** A signed mint, to store before it is sent. */
export interface SignedMint {
  raw: Hex;
  hash: Hash;
}

/** Where a stored mint stands. */
export type MintOutcome =
  | { status: 'minted'; hash: Hash; tokenId: bigint; serial: number }
  | { status: 'reverted'; hash: Hash }
  | { status: 'pending'; hash: Hash }
  | { status: 'dropped'; hash: Hash };

/**
 * Signs a mint (./signSerialMint), lets `store` keep it with its purchase, then sends it, one at a time with the
 * minter's other transactions; answers the stored mint, or undefined when `store` declined (the purchase moved).
 */
export function sendSerialMint(
  chain: Chain,
  account: PrivateKeyAccount,
  parameters: SerialMintParameters,
  store: (mint: SignedMint) => Promise<boolean>,
): Promise<SignedMint | undefined> {
  return oneAtATime(chain.chainId, async () => {
    const mint = await signSerialMint(chain, account, parameters);
    if (!(await store(mint))) return undefined;
    await publicClientFor(chain)
      .sendRawTransaction({ serializedTransaction: mint.raw })
      .catch((error: unknown) => console.warn(`[payments] sending mint ${mint.hash} failed, will follow it: ${error}`));
    return mint;
  });
}

/**
 * Simulates and signs the mint of the design's next serial to `to` (not sent).
 * @throws when the simulation reverts or the chain does not answer
 */
export async function signSerialMint(
  chain: Chain,
  account: PrivateKeyAccount,
  parameters: SerialMintParameters,
): Promise<SignedMint> {
  const client = publicClientFor(chain);
  const rpcUrl = chain.rpcUrls.find((url) => /^https?:/i.test(url));
  const wallet = createWalletClient({ account, chain: toViemChain(chain), transport: http(rpcUrl) });
  const data = encodeFunctionData({
    abi: cardAbi,
    functionName: 'mintSerials',
    args: [parameters.designId, parameters.to, 1n],
  });
  const request = await wallet.prepareTransactionRequest({
    to: parameters.contract,
    data,
    gas: MINT_GAS_LIMIT,
    account,
    chain: toViemChain(chain),
    nonce: await client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
  });
  await client.call({
    account,
    to: parameters.contract,
    data,
    gas: MINT_GAS_LIMIT,
    ...(request.maxFeePerGas !== undefined
      ? { maxFeePerGas: request.maxFeePerGas, maxPriorityFeePerGas: request.maxPriorityFeePerGas }
      : { gasPrice: request.gasPrice }),
    blockTag: 'pending',
  });
  const raw = await wallet.signTransaction(request);
  return { raw, hash: keccak256(raw) };
}

/** The token a mint's receipt says it minted to `to` of `designId`. */
function mintedToken(logs: Parameters<typeof parseEventLogs>[0]['logs'], parameters: SerialMintParameters) {
  const minted = parseEventLogs({ abi: cardAbi, eventName: 'SerialMinted', logs }).find(
    (log) =>
      log.address.toLowerCase() === parameters.contract.toLowerCase() &&
      log.args.designId === parameters.designId &&
      log.args.to.toLowerCase() === parameters.to.toLowerCase(),
  );
  return minted ? { tokenId: minted.args.tokenId, serial: Number(minted.args.serial) } : undefined;
}

/** Sends a stored mint (again: a node that knows it already says so) and waits up to `timeoutMs` for it. */
export async function followSerialMint(
  chain: Chain,
  mint: SignedMint,
  parameters: SerialMintParameters,
  timeoutMs = 60_000,
): Promise<MintOutcome> {
  const client = publicClientFor(chain);
  const { hash } = mint;
  const mined = () => client.getTransactionReceipt({ hash }).catch(() => undefined);
  let receipt = await mined();
  if (!receipt && (await nonceTaken(chain, mint.raw))) {
    receipt = await mined();
    if (!receipt) return { status: 'dropped', hash };
  }
  if (!receipt) {
    await client.sendRawTransaction({ serializedTransaction: mint.raw }).catch(() => {
      // Known already, or its nonce taken meanwhile: the receipt or the nonce tells.
    });
    receipt = await client
      .waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: timeoutMs })
      .catch(() => undefined);
    if (!receipt && (await nonceTaken(chain, mint.raw))) {
      receipt = await mined();
      if (!receipt) return { status: 'dropped', hash };
    }
  }
  if (!receipt) return { status: 'pending', hash };
  if (receipt.status !== 'success') return { status: 'reverted', hash };
  const token = mintedToken(receipt.logs, parameters);
  return token ? { status: 'minted', hash, ...token } : { status: 'reverted', hash };
}

/** Whether the chain has mined a transaction of the signer's with the stored transaction's nonce. */
async function nonceTaken(chain: Chain, raw: Hex): Promise<boolean> {
  const { nonce } = parseTransaction(raw);
  if (nonce === undefined) return false;
  const from = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized });
  return (await publicClientFor(chain).getTransactionCount({ address: from, blockTag: 'latest' })) > nonce;
}

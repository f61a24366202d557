/**
 * Simulating a Seaport call as it will be sent: from the account that will send it, with the fee fields it
 * will carry, on the pending block. geth-family nodes run an `eth_call` without fee fields with
 * `tx.gasprice == 0`, and a contract wallet can answer differently there, in a gas estimate and in the
 * mined transaction; a simulation that differs from the transaction proves nothing.
 *
 * A revert resolves as `{ ok: false, error }` (read it with ./revertBlame.ts); any other failure (the RPC)
 * rejects, so a caller never blames an order for a node that did not answer.
 */
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  encodeFunctionData,
  type Hex,
  type StateOverride,
} from 'viem';
import type { Chain } from '~/features/chains/chains';
import { classifyChainError, publicClientFor } from '~/features/chains/publicClients.server';
import { orderParameters, type SignedOrder } from '../seaport/advancedOrder';
import { seaportAbi } from '../seaport/seaportAbi';
import { revertDataOf } from './revertBlame';

/** The fee fields a transaction carries (EIP-1559, or a legacy gas price on a chain without a base fee). */
export type FeeFields = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint };

/** A call to simulate. */
export interface SentCall {
  from: Address;
  to: Address;
  data: Hex;
  value?: bigint;
  fees: FeeFields;
  stateOverride?: StateOverride;
}

/** The outcome of a simulation: it passes, or it reverts with `error`. */
export type Simulated = { ok: true } | { ok: false; error: unknown };

/** The fee fields a transaction on `chain` would carry now. */
export async function feeFields(chain: Chain): Promise<FeeFields> {
  const client = publicClientFor(chain);
  try {
    const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas();
    if (maxFeePerGas !== undefined && maxPriorityFeePerGas !== undefined) return { maxFeePerGas, maxPriorityFeePerGas };
  } catch (error) {
    // A chain without EIP-1559 fees: its legacy gas price below.
    if (classifyChainError(error) !== 'unknown') throw error;
  }
  return { gasPrice: await client.getGasPrice() };
}

/** Whether `error` is the call reverting (not the node failing to answer). */
export function isRevert(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const revert = error.walk((e) => e instanceof ExecutionRevertedError || e instanceof ContractFunctionRevertedError);
  return Boolean(revert) || revertDataOf(error) !== undefined;
}

const reverted = (error: unknown): { ok: false; error: unknown } => {
  if (isRevert(error)) return { ok: false, error };
  throw error;
};

/** Simulates `call` on the pending block (see the module comment). */
export async function callAsSent(chain: Chain, call: SentCall): Promise<Simulated> {
  const { from, fees, stateOverride, ...rest } = call;
  return publicClientFor(chain)
    .call({ account: from, ...rest, ...fees, blockTag: 'pending', ...(stateOverride ? { stateOverride } : {}) })
    .then(() => ({ ok: true }) as const, reverted);
}

/** The gas `call` takes on the pending block, or its revert. */
export async function estimateAsSent(
  chain: Chain,
  call: SentCall,
): Promise<{ ok: true; gas: bigint } | { ok: false; error: unknown }> {
  const { from, fees, stateOverride: _unused, ...rest } = call;
  return publicClientFor(chain)
    .estimateGas({ account: from, ...rest, ...fees, blockTag: 'pending' })
    .then((gas) => ({ ok: true, gas }) as const, reverted);
}

/**
 * Simulates Seaport's `validate` of one order from `from`: it checks the order's status and its signature
 * exactly as a fill does (ECDSA, bulk, or the offerer's ERC-1271 answer), so it tells whose signature fails
 * when a fill of several orders reverts with a signature error that names no one.
 */
export function validateAsSent(chain: Chain, from: Address, signed: SignedOrder, fees: FeeFields): Promise<Simulated> {
  const data = encodeFunctionData({
    abi: seaportAbi,
    functionName: 'validate',
    args: [[{ parameters: orderParameters(signed.order), signature: signed.signature }]],
  });
  return callAsSent(chain, { from, to: chain.contracts.exchange, data, fees });
}

/**
 * Puts a contract at a chosen address of a local anvil chain, as if its constructor had run there: the
 * constructor is simulated with `debug_traceCall` (prestate tracer, diff mode), then the resulting code and
 * storage are written at the target with `anvil_setCode` / `anvil_setStorageAt`.
 *
 * The demo catalogue names its collections by fixed addresses (the same on every machine); this makes a real
 * Card contract answer at each of them, so the demo cards can be minted and traded on the local chain. Only
 * for contracts whose constructor does not depend on their own address (Card does not).
 *
 * @see https://geth.ethereum.org/docs/developers/evm-tracing/built-in-tracers#prestate-tracer
 */
import { type Abi, type Address, encodeDeployData, type Hex } from 'viem';
import type { LocalChainClients } from './localClients.server';

/** Parameters of {@link placeContractAt}. */
export interface PlaceContractParameters {
  address: Address;
  /** The account the constructor sees as `msg.sender`. */
  from: Address;
  abi: Abi;
  bytecode: Hex;
  args: readonly unknown[];
}

interface PrestateDiff {
  post: Record<string, { code?: Hex; storage?: Record<Hex, Hex> }>;
}

/** Simulates the deployment and writes the created contract's code and storage at `address`. */
export async function placeContractAt(clients: LocalChainClients, parameters: PlaceContractParameters): Promise<void> {
  const data = encodeDeployData({ abi: parameters.abi, bytecode: parameters.bytecode, args: parameters.args });
  const trace = await clients.rpc<PrestateDiff>('debug_traceCall', [
    { from: parameters.from, data, gas: '0x1c9c380' },
    'latest',
    { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
  ]);
  const state = Object.values(trace.post).find((account) => account.code !== undefined && account.code !== '0x');
  if (!state?.code) throw new Error(`placeContractAt: the constructor created no contract (${parameters.address})`);
  await clients.rpc('anvil_setCode', [parameters.address, state.code]);
  await clients.rpc('anvil_setNonce', [parameters.address, '0x1']);
  for (const [slot, value] of Object.entries(state.storage ?? {})) {
    await clients.rpc('anvil_setStorageAt', [parameters.address, slot, value]);
  }
}

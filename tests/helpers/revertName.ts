/**
 * Names the custom error a contract call or transaction reverted with, for chain tests that must tell one
 * refusal from another (`OrderIsCancelled` vs `InvalidSigner`). viem decodes the name when the ABI used for
 * the call lists the error; otherwise the 4-byte selector comes back.
 */
import { BaseError, ContractFunctionRevertedError } from 'viem';

/** The revert's error name (or selector), or undefined when the call went through; other failures rethrow. */
export async function revertName(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (revert instanceof ContractFunctionRevertedError) return revert.data?.errorName ?? revert.signature;
    throw error;
  }
}

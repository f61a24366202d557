/**
 * Reading a failed fill: the revert data of a simulation, a gas estimate or a mined transaction, decoded
 * against Seaport 1.6's custom errors and the token standards' (OpenZeppelin 5's ERC-20 and ERC-721
 * errors, which Seaport bubbles up), and what it says about whose order or transfer failed: a signature
 * (Seaport does not say whose), an order by hash, a transfer from an address, a payment to an address, or the
 * fulfiller's own payment. The settlement and the cart check then blame the party it names, never the others.
 *
 * Pure.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (errors)
 * @see https://eips.ethereum.org/EIPS/eip-6093 (custom errors for ERC-20 and ERC-721)
 */
import { type Address, decodeErrorResult, type Hex, parseAbi } from 'viem';
import { seaportAbi } from '../seaport/seaportAbi';
import type { OrderReason } from './orderFacts';

/** The token errors a transfer inside Seaport may revert with (ERC-6093, as OpenZeppelin 5 raises them). */
export const tokenErrorsAbi = parseAbi([
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721NonexistentToken(uint256 tokenId)',
]);

const revertAbi = [...seaportAbi, ...tokenErrorsAbi];

/** What a revert says (see the module comment). */
export interface RevertFacts {
  /** The error's name, or undefined when its data is not one we know. */
  name: string | undefined;
  reason: OrderReason;
  /** A signature failed, and Seaport does not say whose. */
  signature?: true;
  /** The order it names. */
  orderHash?: Hex;
  /** Whose tokens (or card) failed to move. */
  from?: Address;
  /** Which kind of token failed to move when the error names no one. */
  token?: 'erc20' | 'erc721';
  /** Who could not be paid the native coin. */
  payee?: Address;
  /** The fulfiller sent too little of the native coin. */
  fulfiller?: true;
}

/** The revert data inside a viem error (or its causes), if any. */
export function revertDataOf(error: unknown): Hex | undefined {
  for (let at: unknown = error, depth = 0; at && depth < 10; depth++) {
    const found = (at as { data?: unknown; raw?: unknown }).raw ?? (at as { data?: unknown }).data;
    if (typeof found === 'string' && /^0x[0-9a-fA-F]*$/.test(found) && found.length >= 10) return found as Hex;
    if (found && typeof found === 'object' && typeof (found as { data?: unknown }).data === 'string') {
      const inner = (found as { data: string }).data;
      if (/^0x[0-9a-fA-F]{8,}$/.test(inner)) return inner as Hex;
    }
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What the revert of `error` says; `reverts` with no name when its data is missing or unknown. */
export function revertFacts(error: unknown): RevertFacts {
  const data = revertDataOf(error);
  if (!data) return { name: undefined, reason: 'reverts' };
  let decoded: { errorName: string; args: readonly unknown[] | undefined };
  try {
    decoded = decodeErrorResult({ abi: revertAbi, data });
  } catch {
    return { name: undefined, reason: 'reverts' };
  }
  const name = decoded.errorName;
  const args = decoded.args ?? [];
  switch (name) {
    case 'BadSignatureV':
    case 'InvalidSignature':
    case 'InvalidSigner':
    case 'BadContractSignature':
      return { name, reason: 'signature', signature: true };
    case 'OrderIsCancelled':
      return { name, reason: 'cancelled', orderHash: args[0] as Hex };
    case 'OrderAlreadyFilled':
    case 'OrderPartiallyFilled':
      return { name, reason: 'filled', orderHash: args[0] as Hex };
    case 'InvalidRestrictedOrder':
      return { name, reason: 'reverts', orderHash: args[0] as Hex };
    case 'InvalidTime':
      return { name, reason: 'expired' };
    case 'InvalidConduit':
      return { name, reason: 'no_conduit' };
    case 'TokenTransferGenericFailure':
    case 'BadReturnValueFromERC20OnTransfer':
      return { name, reason: 'reverts', from: args[1] as Address };
    case 'NativeTokenTransferGenericFailure':
      return { name, reason: 'reverts', payee: args[0] as Address };
    case 'InsufficientNativeTokensSupplied':
    case 'InvalidMsgValue':
      return { name, reason: 'balance', fulfiller: true };
    case 'ERC20InsufficientBalance':
      return { name, reason: 'balance', from: args[0] as Address, token: 'erc20' };
    case 'ERC20InsufficientAllowance':
      return { name, reason: 'allowance', token: 'erc20' };
    case 'ERC721IncorrectOwner':
      return { name, reason: 'not_owner', from: args[0] as Address, token: 'erc721' };
    case 'ERC721NonexistentToken':
      return { name, reason: 'not_owner', token: 'erc721' };
    case 'ERC721InsufficientApproval':
      return { name, reason: 'not_approved', token: 'erc721' };
    default:
      return { name, reason: 'reverts' };
  }
}

/** One side of a fill: the offerer of an order, its hash, and which token it gives. */
export interface FillParty {
  offerer: Address;
  orderHash: Hex;
  gives: 'erc20' | 'erc721' | 'native';
}

/**
 * The party among `parties` a revert names, or undefined when it names none of them (a signature, an
 * unknown error, or someone else: the fulfiller, a payee).
 */
export function blamedParty<P extends FillParty>(facts: RevertFacts, parties: readonly P[]): P | undefined {
  const same = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();
  return (
    parties.find((party) => same(facts.orderHash, party.orderHash)) ??
    parties.find((party) => same(facts.from, party.offerer)) ??
    (facts.from === undefined && facts.token ? parties.find((party) => party.gives === facts.token) : undefined)
  );
}

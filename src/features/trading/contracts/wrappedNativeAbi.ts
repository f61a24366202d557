/**
 * The wrapping part of a WETH-style token's ABI (WETH, WBNB, WKLAY and `contracts/TestWrappedNative.sol`):
 * `deposit` wraps the sent native coin, `withdraw` unwraps. The ERC-20 part is viem's `erc20Abi`.
 * @see https://github.com/gnosis/canonical-weth (WETH9)
 */
import { parseAbi } from 'viem';

/** WETH9-style deposit / withdraw fragments and their events. */
export const wrappedNativeAbi = parseAbi([
  'function deposit() payable',
  'function withdraw(uint256 amount)',
  'event Deposit(address indexed dst, uint256 wad)',
  'event Withdrawal(address indexed src, uint256 wad)',
]);

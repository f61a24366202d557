/**
 * The platform's fungible tokens on a real anvil chain: ATEM (ERC-20, whole supply to the deployer) and the
 * wrapped native coin used for ERC-20 payments where the chain's coin is wanted (WETH / WBNB / WKLAY style).
 */
import { erc20Abi, parseEther, parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { type LocalMarket, startLocalMarket } from '#tests/helpers/localMarket';
import { revertName } from '#tests/helpers/revertName';
import { wrappedNativeAbi } from './wrappedNativeAbi';

let market: LocalMarket;

beforeAll(async () => {
  market = await startLocalMarket({ chainId: 8_217 });
}, 30_000);

afterAll(async () => {
  await market?.stop();
});

function erc20(address: `0x${string}`, functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') {
  return market.publicClient.readContract({ address, abi: erc20Abi, functionName });
}

function balanceOf(token: `0x${string}`, owner: `0x${string}`) {
  return market.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

describe('Atem', () => {
  test("is the 18-decimal ERC-20 'Atem' (ATEM) whose whole supply starts with the deployer", async () => {
    const { atem, deployer } = market.contracts;
    expect(await erc20(atem, 'name')).toBe('Atem');
    expect(await erc20(atem, 'symbol')).toBe('ATEM');
    expect(await erc20(atem, 'decimals')).toBe(18);
    const supply = await erc20(atem, 'totalSupply');
    expect(supply).toBe(parseEther('1000000000'));
    expect(await balanceOf(atem, deployer)).toBe(supply);
  });
});

describe('wrapped native token', () => {
  test('deposit wraps the sent coin one to one, withdraw unwraps it back, and both are logged', async () => {
    const { publicClient, buyer, mined, contracts } = market;
    const token = contracts.wrappedNative;
    const who = buyer.account.address;
    expect(await erc20(token, 'symbol')).toBe('WETH');

    const deposited = await mined(
      await buyer.writeContract({
        address: token,
        abi: wrappedNativeAbi,
        functionName: 'deposit',
        value: parseEther('3'),
      }),
    );
    expect(await balanceOf(token, who)).toBe(parseEther('3'));
    expect(await publicClient.getBalance({ address: token })).toBe(parseEther('3'));
    expect(parseEventLogs({ abi: wrappedNativeAbi, logs: deposited.logs, eventName: 'Deposit' })[0]?.args).toEqual({
      dst: who,
      wad: parseEther('3'),
    });

    const coinBefore = await publicClient.getBalance({ address: who });
    const withdrawn = await mined(
      await buyer.writeContract({
        address: token,
        abi: wrappedNativeAbi,
        functionName: 'withdraw',
        args: [parseEther('1')],
      }),
    );
    const coinAfter = await publicClient.getBalance({ address: who });
    expect(coinAfter - coinBefore).toBe(parseEther('1') - withdrawn.gasUsed * withdrawn.effectiveGasPrice);
    expect(await balanceOf(token, who)).toBe(parseEther('2'));
    expect(await erc20(token, 'totalSupply')).toBe(parseEther('2'));
  });

  test('a plain transfer of the coin to the token wraps it too', async () => {
    const { seller, mined, contracts } = market;
    await mined(await seller.sendTransaction({ to: contracts.wrappedNative, value: 5n }));
    expect(await balanceOf(contracts.wrappedNative, seller.account.address)).toBe(5n);
  });

  test('nobody can withdraw more than they wrapped', async () => {
    const { seller, contracts } = market;
    const overdraw = seller.writeContract({
      address: contracts.wrappedNative,
      abi: wrappedNativeAbi,
      functionName: 'withdraw',
      args: [6n],
    });
    // The typed ABI lists no ERC-20 errors, so the selector of ERC20InsufficientBalance comes back.
    expect(await revertName(overdraw)).toBe('0xe450d38c');
  });
});

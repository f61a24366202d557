/**
 * The anvil test helper itself: chain tests rely on it answering with the chain id they asked for and on
 * `stop()` really ending the node (a leftover anvil would keep a port and a core busy).
 */
import { expect, test } from 'vitest';

import { startAnvil } from '#tests/helpers/anvil';

async function chainIdAt(rpcUrl: string): Promise<string | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return ((await response.json()) as { result?: string }).result;
  } catch {
    return undefined;
  }
}

test('startAnvil serves the asked chain id on a loopback port, and stop() ends the node', async () => {
  const anvil = await startAnvil({ chainId: 80_002 });
  expect(anvil.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(anvil.chainId).toBe(80_002);
  expect(await chainIdAt(anvil.rpcUrl)).toBe('0x13882');

  await anvil.stop();
  expect(await chainIdAt(anvil.rpcUrl)).toBeUndefined();
  await anvil.stop();
});

import type { Eip1193Provider } from './eip1193';

/** UTF-8 text as 0x-hex, the form `personal_sign` takes. */
export function utf8ToHex(text: string): `0x${string}` {
  return `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Asks the wallet to sign a text message (EIP-191 `personal_sign`) with the given account. */
export async function personalSign(provider: Eip1193Provider, address: string, message: string): Promise<string> {
  const signature = await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] });
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature');
  return signature;
}

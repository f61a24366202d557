/** The salt of a new Seaport order, so that two orders with the same terms still hash apart. */

/** A random 256-bit salt as a bigint, from `crypto.getRandomValues`. */
export function randomSalt(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): bigint {
  const bytes = random(new Uint8Array(32));
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

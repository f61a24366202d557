import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Address, getAddress, type Hex, isAddress, recoverMessageAddress } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage } from 'viem/siwe';
import { HttpError } from '../../server/api/errors';
import { loginNonces, users } from '../../server/db/schema';
import type { Database } from '../../server/db/types';

/** How long a sign-in message may be signed and sent back. */
export const SIGN_IN_TTL_MS = 5 * 60 * 1000;

/**
 * The warning every sign-in message carries: signing only proves the wallet is yours.
 * @see ../../../../shared/spec/marketplace-spec.md §7 (personal sign of a warning message)
 */
export const SIGN_IN_STATEMENT =
  'Sign in to Kirafuda. Signing this message only proves you own this wallet: it costs no fee, sends no transaction and gives no one access to your funds. Never sign it on another site. / Kirafudaにログインします。この署名はウォレットの所有確認のためだけのもので、手数料はかからず、取引の送信や資産へのアクセス許可は行いません。他のサイトで署名しないでください。';

export interface SignInRequest {
  address: string;
  chainId: number;
  /** The site's host (`domain` of EIP-4361) and origin (`uri`). */
  domain: string;
  origin: string;
}

/**
 * Issues a one-time EIP-4361 (Sign-In with Ethereum) message for a wallet: domain, URI, chain id,
 * nonce, issued-at and a 5-minute expiration. The nonce is stored until used or expired.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 */
export async function issueSignInMessage(
  db: Database,
  request: SignInRequest,
  now = new Date(),
): Promise<{ message: string; nonce: string; expiresAt: Date }> {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(now.getTime() + SIGN_IN_TTL_MS);
  const address = getAddress(request.address);
  await db
    .insert(loginNonces)
    .values({ nonce, walletAddress: address.toLowerCase(), chainId: request.chainId, expiresAt });
  const message = createSiweMessage({
    address,
    chainId: request.chainId,
    domain: request.domain,
    nonce,
    uri: request.origin,
    version: '1',
    issuedAt: now,
    expirationTime: expiresAt,
    statement: SIGN_IN_STATEMENT,
  });
  return { message, nonce, expiresAt };
}

/** Checks an EIP-1271 / EIP-6492 smart-wallet signature on chain; absent when the chain is unreachable. */
export type ContractSignatureCheck = (args: {
  chainId: number;
  address: Address;
  message: string;
  signature: Hex;
}) => Promise<boolean>;

export interface VerifySignIn {
  walletAddress: string;
  signature: string;
  message: string;
  domain: string;
  origin: string;
  checkContractSignature?: ContractSignatureCheck | undefined;
}

const refuse = (message: string) => new HttpError(401, message);

/**
 * Verifies a signed sign-in message and consumes its nonce (once only), then finds or creates the
 * user. Refuses (401) a message for another domain or address, an expired or reused one, or a bad
 * signature; a suspended user gets 403.
 */
export async function verifySignIn(
  db: Database,
  input: VerifySignIn,
  now = new Date(),
): Promise<{ userId: number; created: boolean }> {
  if (!isAddress(input.walletAddress, { strict: false })) throw new HttpError(422, 'wallet_address: not an address');
  let fields: ReturnType<typeof parseSiweMessage>;
  try {
    fields = parseSiweMessage(input.message);
  } catch {
    throw refuse('The sign-in message is not an EIP-4361 message');
  }
  const { address, domain, nonce, uri, chainId, expirationTime, issuedAt, version } = fields;
  if (version !== '1' || !address || !nonce || !uri || !chainId) throw refuse('The sign-in message is incomplete');
  if (domain !== input.domain) throw refuse('The sign-in message is for another site');
  let uriOrigin: string | null = null;
  try {
    uriOrigin = new URL(uri).origin;
  } catch {
    uriOrigin = null;
  }
  if (uriOrigin !== input.origin) throw refuse('The sign-in message is for another site');
  if (address.toLowerCase() !== input.walletAddress.toLowerCase())
    throw refuse('The sign-in message is for another wallet');
  if (!expirationTime || expirationTime <= now) throw refuse('The sign-in message has expired');
  if (issuedAt && issuedAt.getTime() > now.getTime() + 60_000) throw refuse('The sign-in message is not valid yet');

  const signature = input.signature as Hex;
  if (!/^0x[0-9a-fA-F]+$/.test(signature)) throw refuse('The signature is not valid');
  let valid = false;
  try {
    valid =
      (await recoverMessageAddress({ message: input.message, signature })).toLowerCase() === address.toLowerCase();
  } catch {
    valid = false;
  }
  if (!valid && input.checkContractSignature) {
    valid = await input
      .checkContractSignature({ chainId, address, message: input.message, signature })
      .catch(() => false);
  }
  if (!valid) throw refuse('The signature does not match the wallet');

  const wallet = address.toLowerCase();
  return db.transaction(async (tx) => {
    const consumed = await tx
      .update(loginNonces)
      .set({ consumedAt: now })
      .where(
        and(
          eq(loginNonces.nonce, nonce),
          eq(loginNonces.walletAddress, wallet),
          isNull(loginNonces.consumedAt),
          gt(loginNonces.expiresAt, now),
        ),
      )
      .returning({ id: loginNonces.id });
    if (consumed.length === 0) throw refuse('This sign-in message was already used or has expired');
    const [existing] = await tx
      .select({ id: users.id, suspended: users.suspended })
      .from(users)
      .where(eq(users.walletAddress, wallet));
    if (existing?.suspended) throw new HttpError(403, 'This account is suspended');
    if (existing) {
      await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, existing.id));
      return { userId: existing.id, created: false };
    }
    const [created] = await tx
      .insert(users)
      .values({ walletAddress: wallet, lastLoginAt: now })
      .onConflictDoUpdate({ target: users.walletAddress, set: { lastLoginAt: sql`excluded.last_login_at` } })
      .returning({ id: users.id });
    if (!created) throw new Error('user insert returned nothing');
    return { userId: created.id, created: true };
  });
}

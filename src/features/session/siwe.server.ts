import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Address, getAddress, type Hex, isAddress, type PublicClient, recoverMessageAddress } from 'viem';
import { createSiweMessage, generateSiweNonce, verifySiweMessage } from 'viem/siwe';
import { HttpError } from '~/server/api/errors';
import { loginNonces, users } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { limitWalletSignUps } from './walletSignUps.server';

/** How long a sign-in message may be signed and sent back. */
export const SIGN_IN_TTL_MS = 5 * 60 * 1000;

/**
 * The statement of every sign-in message. EIP-4361's grammar allows only ASCII in it, so it is English;
 * the page explains it in the visitor's language beside the wallet prompt (`wallet.signInExplained`).
 * @see https://eips.ethereum.org/EIPS/eip-4361
 */
export const SIGN_IN_STATEMENT =
  'Sign in to Kirafuda. Signing only proves you own this wallet: it costs no fee, sends no transaction and gives no access to your funds.';

/** Who asks for a sign-in message, and for which site origin (one of the site's own, never a Host header's). */
export interface SignInRequest {
  address: string;
  chainId: number;
  /** The site origin the message is for: `domain` = its host, `uri` = the origin. */
  site: URL;
}

/**
 * Issues a one-time EIP-4361 (Sign-In with Ethereum) message for a wallet: the site's domain and URI, chain
 * id, nonce, issued-at and a 5-minute expiration. The exact message is stored with its nonce: only that
 * message, byte for byte, signs the wallet in. Expired nonces are deleted on the way.
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
  const message = createSiweMessage({
    address,
    chainId: request.chainId,
    domain: request.site.host,
    nonce,
    uri: request.site.origin,
    version: '1',
    issuedAt: now,
    expirationTime: expiresAt,
    statement: SIGN_IN_STATEMENT,
  });
  await db.delete(loginNonces).where(lt(loginNonces.expiresAt, now));
  await db
    .insert(loginNonces)
    .values({ nonce, walletAddress: address.toLowerCase(), chainId: request.chainId, message, expiresAt });
  return { message, nonce, expiresAt };
}

/** The read client of a configured chain, or undefined when the chain is not one of ours. */
export type ClientForChain = (chainId: number) => PublicClient | undefined;

export interface VerifySignIn {
  walletAddress: string;
  signature: string;
  message: string;
  /** Reads the chain for smart-account signatures (ERC-1271, ERC-6492). */
  clientFor: ClientForChain;
  /** The network the request came from (`networkOf(locals.client.ip)`): it may open only so many new accounts. */
  network: string;
}

const refuse = (message: string) => new HttpError(401, message);

/**
 * Whether `signature` signs `message` for `address`: viem's `verifySiweMessage` on the message's chain (an
 * ordinary key, an ERC-1271 contract wallet, or an ERC-6492 wallet not deployed yet); an ordinary key is
 * also accepted without the chain, by recovering the signer.
 */
async function signatureIsValid(
  clientFor: ClientForChain,
  chainId: number,
  fields: { address: Address; domain: string; nonce: string; message: string; signature: Hex; now: Date },
): Promise<boolean> {
  const { address, domain, nonce, message, signature, now } = fields;
  const client = clientFor(chainId);
  if (client) {
    const valid = await verifySiweMessage(client, { address, domain, nonce, message, signature, time: now }).catch(
      () => false,
    );
    if (valid) return true;
  }
  try {
    return (await recoverMessageAddress({ message, signature })).toLowerCase() === address.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Verifies a signed sign-in message and consumes its nonce (once only), then finds or creates the user.
 * Refuses (401) a message the site did not issue or that was changed in any way, one for another wallet,
 * an expired or used one, or a bad signature; a suspended user gets 403; a new wallet from a network that opened
 * its hour's accounts gets 429 (./walletSignUps.server.ts).
 */
export async function verifySignIn(
  db: Database,
  input: VerifySignIn,
  now = new Date(),
): Promise<{ userId: number; created: boolean }> {
  if (!isAddress(input.walletAddress, { strict: false })) throw new HttpError(422, 'wallet_address: not an address');
  const wallet = input.walletAddress.toLowerCase();
  const nonce = /^Nonce: ([A-Za-z0-9]{8,})$/m.exec(input.message)?.[1];
  const [issued] = nonce ? await db.select().from(loginNonces).where(eq(loginNonces.nonce, nonce)) : [];
  if (!issued || !nonce) throw refuse('This sign-in message was not issued by this site, or has expired');
  if (issued.message !== input.message) throw refuse('The sign-in message was changed');
  if (issued.walletAddress !== wallet) throw refuse('The sign-in message is for another wallet');
  if (issued.consumedAt) throw refuse('This sign-in message was already used');
  if (issued.expiresAt <= now) throw refuse('The sign-in message has expired');
  const signature = input.signature as Hex;
  if (!/^0x[0-9a-fA-F]+$/.test(signature)) throw refuse('The signature is not valid');
  const domain = /^(\S+) wants you to sign in/.exec(issued.message)?.[1] ?? '';
  const valid = await signatureIsValid(input.clientFor, issued.chainId ?? 1, {
    address: getAddress(wallet),
    domain,
    nonce,
    message: issued.message,
    signature,
    now,
  });
  if (!valid) throw refuse('The signature does not match the wallet');
  const [known] = await db.select({ id: users.id }).from(users).where(eq(users.walletAddress, wallet));
  // Counted before the nonce is used, outside the transaction: a refused sign-up may try again with it.
  if (!known) await limitWalletSignUps(db, input.network, now);

  return db.transaction(async (tx) => {
    const consumed = await tx
      .update(loginNonces)
      .set({ consumedAt: now })
      .where(and(eq(loginNonces.id, issued.id), isNull(loginNonces.consumedAt), gt(loginNonces.expiresAt, now)))
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

import type { APIContext } from 'astro';
import type { SessionAdmin, SessionUser } from '~/features/session/types';
import { ILLUSTRATOR_ROLE } from '~/features/session/types';
import { forbidden, HttpError, unauthorized } from '~/server/api/errors';

/** The message of a 401 whose access token has expired: the client refreshes once and retries. */
export const TOKEN_EXPIRED = 'TOKEN_EXPIRED';

function authError(expired: boolean): HttpError {
  return expired ? new HttpError(401, TOKEN_EXPIRED) : unauthorized();
}

/** The signed-in user (wallet user or illustrator), or 401 (`TOKEN_EXPIRED` when the token aged out). */
export function requireUser(ctx: APIContext): SessionUser {
  const user = ctx.locals.user;
  if (!user) throw authError(ctx.locals.auth.userExpired);
  return user;
}

/** The signed-in illustrator, or 401 when nobody is signed in, 403 for a wallet user. */
export function requireIllustrator(ctx: APIContext): SessionUser & { illustratorId: number } {
  const user = requireUser(ctx);
  const illustratorId = ctx.locals.auth.illustratorId;
  if (user.role !== ILLUSTRATOR_ROLE || illustratorId === null) throw forbidden('Only illustrators can do this');
  return { ...user, illustratorId };
}

/** The signed-in admin, or 401 without an admin session; 403 when a user or illustrator session is all there is. */
export function requireAdmin(ctx: APIContext): SessionAdmin & { adminId: number } {
  const admin = ctx.locals.admin;
  const adminId = ctx.locals.auth.adminId;
  if (admin && adminId !== null) return { ...admin, adminId };
  if (ctx.locals.auth.adminExpired) throw authError(true);
  if (ctx.locals.user) throw forbidden('Administrators only');
  throw unauthorized();
}

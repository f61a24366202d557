import { z } from 'zod';
import { setSessionCookies } from '~/features/session/cookies.server';
import { loadCurrentAdmin } from '~/features/session/currentUser.server';
import { signInAdmin } from '~/features/session/passwordSignIn.server';
import { createSession } from '~/features/session/sessions.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { requestMeta } from '~/server/api/requestMeta';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { logoutRoute } from './_logoutRoute';

const body = z.object({ uid: z.string().trim().min(1).max(100), password: z.string().min(1).max(256) });

/** `POST /api/v1/admin_session {uid, password}`: admin sign-in, a session of its own (spec §6, §7). */
export const POST = apiRoute(async (ctx) => {
  const { uid, password } = await readJson(ctx.request, body);
  const db = await database();
  const meta = requestMeta(ctx);
  const { adminId } = await signInAdmin(db, uid, password, meta.ip);
  const tokens = await createSession(db, { kind: 'admin', adminId }, meta);
  setSessionCookies(ctx.cookies, ctx.locals.client.origin, 'admin', tokens);
  return json({ currentAdmin: await loadCurrentAdmin(db, adminId) });
});

/** `DELETE /api/v1/admin_session`: admin logout. */
export const DELETE = logoutRoute('admin');

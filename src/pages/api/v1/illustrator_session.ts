import { z } from 'zod';
import { setSessionCookies } from '~/features/session/cookies.server';
import { loadCurrentUser } from '~/features/session/currentUser.server';
import { signInIllustrator } from '~/features/session/passwordSignIn.server';
import { createSession } from '~/features/session/sessions.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { requestMeta } from '~/server/api/requestMeta';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const body = z.object({ uid: z.string().trim().min(1).max(100), password: z.string().min(1).max(256) });

/** `POST /api/v1/illustrator_session {uid, password}`: illustrator sign-in (spec §7). */
export const POST = apiRoute(async (ctx) => {
  const { uid, password } = await readJson(ctx.request, body);
  const db = await database();
  const meta = requestMeta(ctx);
  const { userId, illustratorId } = await signInIllustrator(db, uid, password, meta.ip);
  const tokens = await createSession(db, { kind: 'user', userId, illustratorId }, meta);
  setSessionCookies(ctx.cookies, ctx.locals.client.origin, 'user', tokens);
  return json({ currentUser: await loadCurrentUser(db, userId, illustratorId) });
});

import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { confirmIllustratorPassword } from '~/features/session/passwordSignIn.server';
import { hashPassword, passwordSchema } from '~/features/session/passwords.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { revokeIllustratorSessions } from '~/features/session/sessions.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { requestMeta } from '~/server/api/requestMeta';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { illustrators } from '~/server/db/schema';

const body = z
  .object({ current_password: z.string().max(256).optional(), password: passwordSchema, retype: z.string().max(256) })
  .refine((value) => value.password === value.retype, { message: 'The two passwords do not match', path: ['retype'] });

/**
 * `PUT /api/v1/passwords {current_password, password, retype}`: an illustrator changes their password, after
 * giving the current one again. Refusals answer 422 with a message the page shows as it is (429 past the
 * sign-in limits); other sessions of the illustrator end.
 */
export const PUT = apiRoute(async (ctx) => {
  const illustrator = requireIllustrator(ctx);
  const { current_password, password } = await readJson(ctx.request, body);
  const db = await database();
  await confirmIllustratorPassword(db, illustrator.illustratorId, current_password, requestMeta(ctx).ip);
  await db
    .update(illustrators)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date() })
    .where(eq(illustrators.id, illustrator.illustratorId));
  await revokeIllustratorSessions(db, illustrator.illustratorId, ctx.locals.auth.userSessionId, 'password changed');
  return json({ message: 'Password changed' });
});

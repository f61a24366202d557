import { requireUser } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';

/** `GET /api/v1/current_user` -> `{currentUser}`; 401 (TOKEN_EXPIRED when the access token aged out). */
export const GET = apiRoute((ctx) => json({ currentUser: requireUser(ctx) }));

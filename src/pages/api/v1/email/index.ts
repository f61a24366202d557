import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { localeCodes } from '~/features/i18n/locales';
import { addEmail, deleteEmail, emailSchema, emailStatus } from '~/features/notifications/mail/emails.server';
import { mailSettings } from '~/features/notifications/mail/mailSettings.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { HttpError } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';

const body = emailSchema.extend({ locale: z.enum(localeCodes).optional() });

/** `GET /api/v1/email` -> `{masked, confirmed, bounced, available}`: the signed-in user's address, masked. */
export const GET = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  return json({
    ...(await emailStatus(await database(), user.id)),
    available: mailSettings(serverSettings()) !== undefined,
  });
});

/**
 * `POST /api/v1/email {email[, locale]}` -> 202 `{masked, confirmed: false}`: stores the address unconfirmed and
 * sends the confirmation link (mail in `locale`, Japanese by default). 503 when this deployment sends no mail,
 * 422 for a malformed address, 429 past the confirmation limits.
 */
export const POST = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const settings = mailSettings(serverSettings());
  if (!settings) throw new HttpError(503, 'Email is not available on this site');
  const { email, locale } = await readJson(ctx.request, body);
  const status = await addEmail(await database(), user.id, email, locale ?? ctx.locals.locale, settings);
  return json(status, 202);
});

/** `DELETE /api/v1/email` -> 204: the address is deleted, with the mail still queued to it. */
export const DELETE = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  await deleteEmail(await database(), user.id);
  return new Response(null, { status: 204 });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/email',
    operationId: 'getEmail',
    summary: "The signed-in user's email address, masked",
    tag: 'Account',
    auth: 'session',
    answer: {
      status: 200,
      description: '`{masked, confirmed, bounced, available}`.',
      schema: describedObject('EmailStatus', '`{masked, confirmed, bounced, available}`.'),
    },
    errors: [401],
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/email',
    operationId: 'setEmail',
    summary: 'Add an email address (a confirmation link is sent)',
    tag: 'Account',
    auth: 'session',
    body: body,
    answer: {
      status: 202,
      description: '`{masked, confirmed: false}`.',
      schema: describedObject('EmailStatusPending', '`{masked, confirmed: false}`.'),
    },
    errors: [401, 415, 422, 429, 503],
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/email',
    operationId: 'deleteEmail',
    summary: 'Delete the email address',
    tag: 'Account',
    auth: 'session',
    answer: { status: 204, description: 'Deleted.' },
    errors: [401],
  }),
];

import { contactRequestSchema, submitContactMessage } from '~/features/contact/contact.server';
import { recaptchaConfig } from '~/features/contact/recaptcha.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { requestMeta } from '~/server/api/requestMeta';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';

/**
 * `POST /api/v1/contact {name, email, subject?, body, captcha_token?, locale?}` -> 201 `{id}`. Anyone may
 * write; 5 messages per IP address an hour (then 429); a reCAPTCHA token is required and checked when
 * `RECAPTCHA_SECRET` is set (422 refused, 502 when Google cannot be asked). @see spec §2 (/contact)
 */
export const POST = apiRoute(async (ctx) => {
  const message = await readJson(ctx.request, contactRequestSchema);
  const sender = { ip: requestMeta(ctx).ip, userId: ctx.locals.user?.id ?? null, locale: ctx.locals.locale };
  return json(await submitContactMessage(await database(), message, sender, recaptchaConfig(serverSettings())), 201);
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/contact',
    operationId: 'sendContactMessage',
    summary: "Write to the site's operators",
    tag: 'Account',
    auth: 'none',
    body: contactRequestSchema,
    answer: { status: 201, description: '`{id}`.', schema: describedObject('ContactReceipt', '`{id}`.') },
    errors: [415, 422, 429, 502],
  }),
];

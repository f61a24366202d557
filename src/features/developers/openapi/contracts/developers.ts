/**
 * The contracts of the developer routes: API keys, webhooks, the event feed and its live stream, and this
 * document itself.
 *
 * @see ../contract.ts, ../../../../../docs/developers.md
 */
import { z } from 'zod';
import { MARKET_EVENT_TYPES } from '~/server/db/schema/developers';
import { eventIdParam, feedQuerySchema, feedStreamQuerySchema } from '../../feed/feedQuery';
import { defineRoute } from '../contract';

const isoTime = z.iso.datetime({ offset: true }).meta({ description: 'An ISO 8601 time.' });
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** One market event, as the feed, the stream and webhook deliveries carry it. */
export const marketEventSchema = z
  .object({
    id: z.string().meta({ description: 'The event id, `evt_` and its place in the feed.', examples: ['evt_42'] }),
    type: z.enum(MARKET_EVENT_TYPES),
    timestamp: isoTime.meta({ description: 'When it happened (a block time for chain events).' }),
    data: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The event fields (see the developer page for each type); amounts are decimal strings.' }),
  })
  .meta({ id: 'MarketEvent' });

const apiKeyView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string().meta({ description: 'The public part of the key (`kf_{prefix}_…`).' }),
    created_at: isoTime,
    last_used_at: isoTime.nullable(),
    revoked_at: isoTime.nullable(),
  })
  .meta({ id: 'ApiKey' });

const webhookView = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(MARKET_EVENT_TYPES)),
    enabled: z.boolean(),
    disabled_reason: z.enum(['gone', 'failing']).nullable(),
    disabled_at: isoTime.nullable(),
    failing_since: isoTime.nullable(),
    created_at: isoTime,
  })
  .meta({ id: 'Webhook' });

const secretField = z.string().meta({
  description: 'The signing secret (Standard Webhooks), shown only now.',
  examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
});

export const createApiKeyRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/api_keys',
  operationId: 'createApiKey',
  summary: 'Create an API key (its secret is shown once)',
  tag: 'Keys',
  auth: 'session',
  body: z.object({ name: z.string().trim().min(1).max(60) }).strict(),
  answer: {
    status: 201,
    description: 'The key; `key` is never shown again.',
    schema: apiKeyView.extend({ key: z.string().meta({ examples: ['kf_1a2b3c4d5e6f_…'] }) }),
  },
  errors: [401, 409, 415, 422],
});

export const listApiKeysRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/api_keys',
  operationId: 'listApiKeys',
  summary: "The signed-in user's API keys",
  tag: 'Keys',
  auth: 'session',
  answer: { status: 200, description: 'Newest first.', schema: z.object({ api_keys: z.array(apiKeyView) }) },
  errors: [401],
});

export const revokeApiKeyRoute = defineRoute({
  method: 'DELETE',
  path: '/api/v1/api_keys/{id}',
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key',
  tag: 'Keys',
  auth: 'session',
  params: idParams,
  answer: { status: 200, description: 'The revoked key.', schema: apiKeyView },
  errors: [401, 404, 422],
});

export const createWebhookRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/webhooks',
  operationId: 'createWebhook',
  summary: 'Register a webhook endpoint',
  description:
    'The URL must be a public `https` address (no private, loopback or link-local target, checked after DNS resolution and on every redirect). Deliveries follow Standard Webhooks 1.0.',
  tag: 'Webhooks',
  auth: 'session_or_key',
  body: z
    .object({
      url: z
        .string()
        .max(2048)
        .meta({ examples: ['https://bot.example.com/kirafuda'] }),
      events: z.array(z.enum(MARKET_EVENT_TYPES)).min(1).max(MARKET_EVENT_TYPES.length),
    })
    .strict(),
  answer: {
    status: 201,
    description: 'The endpoint and its secret.',
    schema: webhookView.extend({ secret: secretField }),
  },
  errors: [401, 409, 415, 422],
});

export const listWebhooksRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/webhooks',
  operationId: 'listWebhooks',
  summary: 'Your webhook endpoints',
  tag: 'Webhooks',
  auth: 'session_or_key',
  answer: { status: 200, description: 'Oldest first.', schema: z.object({ webhooks: z.array(webhookView) }) },
  errors: [401],
});

export const deleteWebhookRoute = defineRoute({
  method: 'DELETE',
  path: '/api/v1/webhooks/{id}',
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook endpoint',
  tag: 'Webhooks',
  auth: 'session_or_key',
  params: idParams,
  answer: { status: 204, description: 'Deleted, with its deliveries.' },
  errors: [401, 404, 422],
});

export const rotateWebhookSecretRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/webhooks/{id}/rotate_secret',
  operationId: 'rotateWebhookSecret',
  summary: 'Rotate the signing secret (both sign for 24 hours)',
  tag: 'Webhooks',
  auth: 'session_or_key',
  params: idParams,
  answer: {
    status: 200,
    description: 'The new secret; the previous one keeps signing until `previous_secret_expires_at`.',
    schema: z.object({ id: z.number().int(), secret: secretField, previous_secret_expires_at: isoTime }),
  },
  errors: [401, 404, 422],
});

export const replayWebhookRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/webhooks/{id}/replay',
  operationId: 'replayWebhook',
  summary: 'Deliver again, in order, every event from one on',
  description: 'Re-enables a disabled endpoint. Events are kept 30 days: an older id answers 410.',
  tag: 'Webhooks',
  auth: 'session_or_key',
  params: idParams,
  body: z.object({ from_event_id: eventIdParam }).strict(),
  answer: {
    status: 202,
    description: 'Queued.',
    schema: z.object({ id: z.number().int(), replay_from: z.string(), enabled: z.boolean() }),
  },
  errors: [401, 404, 410, 415, 422],
});

export const eventFeedRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/events',
  operationId: 'listEvents',
  summary: 'The market event feed, in order, from a cursor',
  description:
    'The same events with the same ids as webhooks and the live stream. Ask again with `after=next` until `has_more` is false; a consumer that was down replays exactly what it missed. Kept 30 days (an older cursor answers 410).',
  tag: 'Events',
  auth: 'none',
  query: feedQuerySchema,
  answer: {
    status: 200,
    description: 'A page of events.',
    schema: z
      .object({
        events: z.array(marketEventSchema),
        next: z.string().meta({ description: 'The cursor to ask with next.' }),
        has_more: z.boolean(),
      })
      .meta({ id: 'EventPage' }),
  },
  errors: [410, 422],
});

export const eventStreamRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/events/stream',
  operationId: 'streamEvents',
  summary: 'The market events live (Server-Sent Events)',
  description:
    'Each event is sent as `id: evt_n`, `event: {type}` and the event JSON as data. Reconnecting with `Last-Event-ID` (as EventSource does) resumes after that event.',
  tag: 'Events',
  auth: 'none',
  query: feedStreamQuerySchema,
  answer: { status: 200, description: 'An event stream.', contentType: 'text/event-stream' },
  errors: [410, 422, 503],
});

export const openApiRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/openapi.json',
  operationId: 'getOpenApiDocument',
  summary: 'This document (OpenAPI 3.1)',
  tag: 'Developers',
  auth: 'none',
  answer: { status: 200, description: 'The OpenAPI document.', schema: z.looseObject({ openapi: z.string() }) },
  errors: [],
});

/**
 * The OpenAPI 3.1 document of the public API, generated from the route contracts (./contracts/index.ts) with zod's
 * own JSON Schema output (draft 2020-12, the dialect OpenAPI 3.1 uses): parameters and bodies as the routes read
 * them (`io: 'input'`), answers as they write them (`io: 'output'`). Schemas carrying an id (`.meta({ id })`) become
 * components. Every operation names the error shape for each error status it may answer, the rate-limit fields
 * for API-key callers and 429. Pure: built once at build time for `GET /api/v1/openapi.json` and the developer page.
 *
 * @see https://spec.openapis.org/oas/v3.1.1.html, https://zod.dev/json-schema
 */
import { z } from 'zod';
import { SESSION_COOKIES } from '~/features/session/cookies.server';
import { errorSchema, type RouteContract } from './contract';

type Json = Record<string, unknown>;

/** What each error status means, in the document. */
const ERROR_TEXT: Record<number, string> = {
  400: 'The request is malformed (a body that is not JSON).',
  401: 'Not signed in, or the API key is malformed, unknown or revoked.',
  403: 'Not allowed (a write from outside the site without an API key, or another role).',
  404: 'Nothing there.',
  409: 'In conflict with what exists (a limit on how many, a closed order).',
  410: 'Gone: the events after that cursor are no longer kept (30 days).',
  413: 'The body is too large.',
  415: 'The body must be JSON (`Content-Type: application/json`).',
  422: 'A value is not accepted; the message names it.',
  429: 'Too many requests: wait `Retry-After` seconds (`RateLimit` says where the key stands).',
  502: 'The chain or a service behind us did not answer.',
  503: 'Not available now: try again after `Retry-After` seconds.',
};

/** The rate-limit fields, as components (referenced by every answer). */
const RATE_HEADER_COMPONENTS = {
  'RateLimit-Policy': {
    description:
      'The API key\'s quota (draft-ietf-httpapi-ratelimit-headers-10): `"key";q={requests};w={seconds}`. Sent to callers with an API key.',
    schema: { type: 'string', examples: ['"key";q=120;w=60'] },
  },
  RateLimit: {
    description:
      'Where the key stands: `"key";r={remaining};t={seconds until reset}`. Sent to callers with an API key.',
    schema: { type: 'string', examples: ['"key";r=117;t=42'] },
  },
  'Retry-After': { description: 'Seconds to wait before asking again.', schema: { type: 'integer' } },
};

const RATE_HEADERS = {
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
};
const RETRY_AFTER = { 'Retry-After': { $ref: '#/components/headers/Retry-After' } };

/** Collects schemas with ids as components, and rewrites references to them. */
class Components {
  readonly schemas: Record<string, Json> = {};

  /** The JSON Schema of `schema` as OpenAPI holds it. */
  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
    const { $schema: _schema, $defs, ...rest } = raw;
    const defs = Object.entries(($defs ?? {}) as Record<string, Json>).map(([id, def]) => {
      const { id: _id, ...body } = def;
      return [id, body] as const;
    });
    const names = new Map(defs.map(([id, body]) => [id, this.nameFor(id, JSON.stringify(body), io)]));
    for (const [id, body] of defs) this.schemas[names.get(id) ?? id] = rewrite(body, names) as Json;
    if (typeof rest['id'] === 'string') {
      const { id, ...body } = rest as Json & { id: string };
      const name = this.nameFor(id, JSON.stringify(body), io);
      this.schemas[name] = rewrite(body, names) as Json;
      return { $ref: `#/components/schemas/${name}` };
    }
    return rewrite(rest, names) as Json;
  }

  /** The component name of a schema with id `id`: the id, or `{id}Input` when its input shape differs. */
  private nameFor(id: string, text: string, io: 'input' | 'output'): string {
    if (io === 'output') return id;
    const held = this.shapes.get(id);
    if (held === undefined || held === text) {
      this.shapes.set(id, text);
      return id;
    }
    return `${id}Input`;
  }

  private readonly shapes = new Map<string, string>();
}

function rewrite(value: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, renamed));
  if (value && typeof value === 'object') {
    const out: Json = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')) {
        const id = item.slice('#/$defs/'.length);
        out[key] = `#/components/schemas/${renamed.get(id) ?? id}`;
      } else out[key] = rewrite(item, renamed);
    }
    return out;
  }
  return value;
}

/** The parameters of a `z.object` schema (path or query) as OpenAPI Parameter Objects. */
function parameters(components: Components, schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const json = components.convert(schema, 'input');
  const properties = (json['properties'] ?? {}) as Record<string, Json>;
  const required = new Set((json['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

const SECURITY: Record<RouteContract['auth'], Json[] | undefined> = {
  none: [{}, { apiKey: [] }],
  session: [{ session: [] }],
  key: [{ apiKey: [] }],
  session_or_key: [{ session: [] }, { apiKey: [] }],
};

function operation(components: Components, route: RouteContract): Json {
  const responses: Json = {};
  const answer = route.answer;
  responses[String(answer.status)] = {
    description: answer.description,
    headers: RATE_HEADERS,
    ...(answer.schema
      ? {
          content: {
            [answer.contentType ?? 'application/json']: { schema: components.convert(answer.schema, 'output') },
          },
        }
      : answer.contentType
        ? { content: { [answer.contentType]: { schema: { type: 'string' } } } }
        : {}),
  };
  const errorRef = components.convert(errorSchema, 'output');
  for (const status of [...new Set([...route.errors, 429])].sort()) {
    responses[String(status)] = {
      description: ERROR_TEXT[status] ?? 'An error.',
      ...(status === 429 || status === 503
        ? {
            headers: {
              ...RETRY_AFTER,
              ...(status === 429 ? RATE_HEADERS : {}),
            },
          }
        : {}),
      content: { 'application/json': { schema: errorRef } },
    };
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: SECURITY[route.auth],
    parameters: [...parameters(components, route.params, 'path'), ...parameters(components, route.query, 'query')],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { [route.bodyType ?? 'application/json']: { schema: components.convert(route.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** Tags in the order the developer page shows them, with their descriptions. */
export const TAGS = [
  { name: 'Events', description: 'The market event feed and its live stream: the same events, the same ids.' },
  {
    name: 'Webhooks',
    description: 'Signed deliveries of market events (Standard Webhooks 1.0), retried for three days.',
  },
  { name: 'Keys', description: 'API keys: a limit per key, shown in `RateLimit` fields.' },
  { name: 'Developers', description: 'This document.' },
] as const;

/** The document for `routes` (see the module comment). */
export function openApiDocument(
  routes: readonly RouteContract[],
  extraTags: readonly { name: string; description: string }[] = [],
): Json {
  const components = new Components();
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    (paths[route.path] as Json)[route.method.toLowerCase()] = operation(components, route);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Kirafuda API',
      version: '1.0.0',
      description:
        'The public API of Kirafuda, a multi-chain NFT card marketplace: the catalogue, trading, and the market events (feed, live stream, signed webhooks). Errors are `{"message": "..."}`. Requests with an API key (`Authorization: Bearer kf_…`) get a limit per key, shown in every answer as IETF `RateLimit-Policy` and `RateLimit` fields; without a key, per-address limits apply where the routes name them.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Kirafuda' },
    },
    servers: [{ url: '/', description: 'This site' }],
    tags: [...TAGS, ...extraTags],
    paths,
    components: {
      schemas: components.schemas,
      headers: RATE_HEADER_COMPONENTS,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`kf_…`) made at /developers, sent as `Authorization: Bearer kf_…`.',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIES.user.access,
          description: "The site's session cookie, after signing in with a wallet (EIP-4361).",
        },
      },
    },
  };
}

/**
 * The media settings of a deployment, read once at start (a bad value stops the start naming its variable):
 * - `PINNING_SERVICES`: a JSON array of `{"name", "endpoint", "token"}`, the IPIP Pinning Service API services
 *   every new CID is sent to (`endpoint` is the API's base URL, `token` its bearer token: a secret, never shown
 *   or logged). Empty or unset: no outside pinning, and pages say the card is stored by Kirafuda only.
 * - `MEDIA_S3_URL`: an S3-compatible bucket for the IPFS blocks, as
 *   `https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=REGION` (path-style). Unset: blocks live in the
 *   database.
 * - the gateway's public origin, `PUBLIC_SITE_URL` (../../server/http/site.ts): given to pinning services as the
 *   `origins` they fetch blocks from.
 *
 * @see ../../../docs/operations.md (content-addressed media), https://ipfs.github.io/pinning-services-api-spec/
 */
import { z } from 'zod';
import { type SiteSettings, siteOrigins } from '~/server/http/site';
import type { Settings } from '~/server/settings/schema';

/** One pinning service. */
export interface PinningService {
  name: string;
  endpoint: string;
  token: string;
}

/** Where blocks go when not in the database. */
export interface S3Location {
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The parsed media settings. */
export interface MediaSettings {
  pinningServices: PinningService[];
  s3: S3Location | undefined;
  /** This site's canonical origin: the gateway pinning services fetch from. */
  gatewayOrigin: URL;
}

const servicesSchema = z
  .array(
    z.strictObject({
      name: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/, 'a name of letters, digits, space, dot, dash (40 at most)'),
      endpoint: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
      token: z.string().trim().min(1),
    }),
  )
  .max(8)
  .refine((services) => new Set(services.map((s) => s.name.toLowerCase())).size === services.length, {
    message: 'each service name once',
  });

/** Parses `PINNING_SERVICES`; throws naming the variable (never echoing a token). */
export function parsePinningServices(text: string | undefined): PinningService[] {
  if (!text?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('PINNING_SERVICES must be a JSON array of {"name","endpoint","token"}');
  }
  const parsed = servicesSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`PINNING_SERVICES is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}

/** Parses `MEDIA_S3_URL`; throws naming the variable (never echoing the secret). */
export function parseS3Url(text: string | undefined): S3Location | undefined {
  if (!text?.trim()) return undefined;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error('MEDIA_S3_URL must be a URL: https://KEY:SECRET@host/bucket[/prefix]?region=REGION');
  }
  const [bucket, ...prefix] = url.pathname.split('/').filter(Boolean);
  if (!/^https?:$/.test(url.protocol) || !url.username || !url.password || !bucket)
    throw new Error('MEDIA_S3_URL needs http(s), an access key, a secret and a bucket');
  return {
    endpoint: url.origin,
    bucket: decodeURIComponent(bucket),
    prefix: prefix.map((part) => `${decodeURIComponent(part)}/`).join(''),
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

/** What {@link mediaSettings} reads of the settings. */
export type MediaSettingsInput = Pick<Settings, 'PINNING_SERVICES' | 'MEDIA_S3_URL'> & SiteSettings;

/** The media settings (see the module comment). */
export function mediaSettings(settings: MediaSettingsInput): MediaSettings {
  return {
    pinningServices: parsePinningServices(settings.PINNING_SERVICES),
    s3: parseS3Url(settings.MEDIA_S3_URL),
    gatewayOrigin: siteOrigins(settings).canonical,
  };
}

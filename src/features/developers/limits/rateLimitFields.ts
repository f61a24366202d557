/**
 * The IETF RateLimit header fields, in the syntax of draft-ietf-httpapi-ratelimit-headers-10 (September 2025): a
 * policy is a Structured Fields list item named by a string, `RateLimit-Policy: "key";q=120;w=60` (quota `q` per
 * window `w` seconds), and the current state `RateLimit: "key";r=17;t=42` (`r` quota units remaining, `t`
 * seconds until the quota resets). Pure.
 *
 * @see https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/10/
 * @see https://www.rfc-editor.org/rfc/rfc9651 (Structured Field Values: sf-string, parameters)
 */

/** The name of the policy every API key is held to. */
export const KEY_POLICY = 'key';

/** A limit: `quota` requests per `windowSeconds`. */
export interface RatePolicy {
  quota: number;
  windowSeconds: number;
}

/** Where a caller stands in the window. */
export interface RateState {
  remaining: number;
  resetSeconds: number;
}

/** The `RateLimit-Policy` field of `policy`. */
export function policyField(policy: RatePolicy, name = KEY_POLICY): string {
  return `"${name}";q=${policy.quota};w=${policy.windowSeconds}`;
}

/** The `RateLimit` field of `state`. */
export function stateField(state: RateState, name = KEY_POLICY): string {
  return `"${name}";r=${Math.max(0, Math.floor(state.remaining))};t=${Math.max(0, Math.ceil(state.resetSeconds))}`;
}

/** Both fields as response headers. */
export function rateLimitHeaders(policy: RatePolicy, state: RateState, name = KEY_POLICY): Record<string, string> {
  return { 'RateLimit-Policy': policyField(policy, name), RateLimit: stateField(state, name) };
}

/** Reads a `RateLimit` field back (for clients and tests): the policy's remaining and reset, or undefined. */
export function parseStateField(value: string | null): (RateState & { name: string }) | undefined {
  const match = /^"([^"]*)"((?:;[a-z]+=\d+)*)$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const params = new Map(
    (match[2] ?? '')
      .split(';')
      .filter(Boolean)
      .map((part) => part.split('=') as [string, string]),
  );
  const remaining = Number(params.get('r'));
  const resetSeconds = Number(params.get('t'));
  if (!Number.isFinite(remaining) || !Number.isFinite(resetSeconds)) return undefined;
  return { name: match[1] ?? '', remaining, resetSeconds };
}

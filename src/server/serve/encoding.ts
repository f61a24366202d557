/**
 * Content negotiation for compressed responses: which of the encodings we have the browser accepts, best
 * first (Brotli, then gzip), honouring `q=0` refusals.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#name-accept-encoding
 */

/** The encodings served, in order of preference. */
export const ENCODINGS = ['br', 'gzip'] as const;
/** One of them. */
export type Encoding = (typeof ENCODINGS)[number];

/** The best encoding in `available` that `header` accepts, or undefined for the plain body. */
export function acceptedEncoding(
  header: string | string[] | null | undefined,
  available: ReadonlySet<string> = new Set(ENCODINGS),
): Encoding | undefined {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const wildcard = accepted.get('*');
  return ENCODINGS.find((encoding) => {
    const q = accepted.get(encoding) ?? wildcard ?? 0;
    return q > 0 && available.has(encoding);
  });
}

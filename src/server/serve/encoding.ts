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

const ALL: ReadonlySet<string> = new Set(ENCODINGS);
/** Answers for the headers browsers send (a handful of distinct ones): parsed once each. */
const known = new Map<string, Encoding | undefined>();

/** The best encoding in `available` that `header` accepts, or undefined for the plain body. */
export function acceptedEncoding(
  header: string | string[] | null | undefined,
  available: ReadonlySet<string> = ALL,
): Encoding | undefined {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (available !== ALL) return parse(text, available);
  let answer = known.get(text);
  if (answer === undefined && !known.has(text)) {
    answer = parse(text, ALL);
    if (known.size > 200) known.clear();
    known.set(text, answer);
  }
  return answer;
}

function parse(text: string, available: ReadonlySet<string>): Encoding | undefined {
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

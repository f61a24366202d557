/**
 * One byte range of a `Range` header (`bytes=a-b`, `bytes=a-`, `bytes=-n`) against a file of `size` bytes: the
 * range to send, `unsatisfiable` (416), or undefined to send the whole file (no header, another unit, or several
 * ranges, which RFC 9110 lets a server answer whole).
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#name-range-requests
 */

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

/** The range asked for (see the module comment). */
export function byteRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * The public id of a market event, `evt_{n}`: `n` is its place in the feed (1, 2, 3… with no holes, in the
 * order the feed shows them), so the id is also the cursor `GET /api/v1/events?after=` and the live stream's
 * `Last-Event-ID` resume from, and the `webhook-id` of its deliveries. Pure.
 *
 * @see ../../events/marketEvents.server.ts (how the numbers are given)
 */

const ID_PATTERN = /^evt_(0|[1-9]\d{0,15})$/;

/** The public id of event number `seq`. */
export function eventId(seq: number): string {
  return `evt_${seq}`;
}

/** The number in an event id, or undefined when `text` is not one (`evt_0` is "before the first event"). */
export function eventSeq(text: string): number | undefined {
  const match = ID_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const seq = Number(match[1]);
  return Number.isSafeInteger(seq) ? seq : undefined;
}

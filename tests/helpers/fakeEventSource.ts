/**
 * A stand-in for the browser's EventSource that a unit test drives, for the client code of live pages and the
 * bell (src/features/events/followStream.ts): it records the streams asked for, and does what the browser does
 * on a drop (`error`, still CONNECTING: it reconnects by itself) and on a refusal (`error`, CLOSED for good).
 * Browser tests use Chromium's own (tests/e2e/live-token.test.ts).
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#dom-eventsource-readystate
 */
export class FakeEventSource extends EventTarget {
  /** Every stream asked for since the last {@link FakeEventSource.reset}, oldest first. */
  static opened: FakeEventSource[] = [];
  static readonly CLOSED = 2;
  readyState = 0;
  closed = false;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.opened.push(this);
  }

  /** The stream asked for last. */
  static get last(): FakeEventSource | undefined {
    return FakeEventSource.opened.at(-1);
  }

  static reset(): void {
    FakeEventSource.opened = [];
  }

  /** The server sends event `type` (`ready`, `change`), or the connection drops (`error`). */
  emit(type: string): void {
    this.dispatchEvent(new Event(type));
  }

  /** The server refuses the stream (a 503): the connection fails for good. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.emit('error');
  }

  close(): void {
    this.closed = true;
  }
}

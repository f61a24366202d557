import { HttpError } from './api/errors';

/**
 * A cap on how many of one kind of heavy task (an upload decoded by sharp, an image rendered) run at once
 * in this process: up to `limit` run, up to `maxWaiting` more wait their turn, and any beyond that are
 * refused at once with 503 and `Retry-After`, so a burst cannot exhaust memory or starve other requests.
 */
export class Slots {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
    readonly busyMessage = 'The server is busy; try again in a moment',
  ) {}

  /** Runs `task` in a slot (see the class comment). */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limit) {
      if (this.#waiting.length >= this.maxWaiting) throw new HttpError(503, this.busyMessage, { 'Retry-After': '5' });
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  /** Tasks running now (for tests and metrics). */
  get running(): number {
    return this.#running;
  }
}

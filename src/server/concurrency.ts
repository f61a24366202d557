import { HttpError } from './api/errors';

/**
 * A cap on how many of one kind of heavy task (an upload decoded by sharp, an image rendered, a page rendered
 * for the cache) run at once in this process: up to `limit` run, up to `maxWaiting` more wait their turn, and
 * any beyond that are refused at once with 503 and `Retry-After`, so a burst cannot exhaust memory or starve
 * other requests. With `maxWaitMs`, a task that waited that long for its turn is refused the same way (its
 * caller learns it soon, instead of timing out).
 */
export class Slots {
  #running = 0;
  readonly #waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
    readonly busyMessage = 'The server is busy; try again in a moment',
    readonly maxWaitMs = 0,
  ) {}

  #busy(): HttpError {
    return new HttpError(503, this.busyMessage, { 'Retry-After': '5' });
  }

  /** Runs `task` in a slot (see the class comment). */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limit) {
      if (this.#waiting.length >= this.maxWaiting) throw this.#busy();
      await new Promise<void>((resolve, reject) => {
        const waiter = { resolve, reject };
        this.#waiting.push(waiter);
        if (this.maxWaitMs > 0) {
          const timer = setTimeout(() => {
            const at = this.#waiting.indexOf(waiter);
            if (at === -1) return;
            this.#waiting.splice(at, 1);
            reject(this.#busy());
          }, this.maxWaitMs);
          waiter.resolve = () => {
            clearTimeout(timer);
            resolve();
          };
        }
      });
    } else {
      this.#running++;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next.resolve();
      else this.#running--;
    }
  }

  /** Tasks running now (for tests and metrics). */
  get running(): number {
    return this.#running;
  }

  /** Whether a task would wait or be refused now. */
  get full(): boolean {
    return this.#running >= this.limit;
  }
}

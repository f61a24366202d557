/**
 * The wrapper of the API's endpoints that write (../../server/api/handler.ts), with the site's publisher: a handler
 * returns its response and the `Change` it made, and the change is announced (cached pages dropped, live pages told,
 * other processes notified: ../../features/events/publish.server.ts) once the handler returned, before the response
 * leaves. Reads and writes that change nothing a page shows keep `apiRoute`.
 *
 * @see ../../../docs/architecture.md ("A page view")
 */
import { publishChange } from '~/features/events/publish.server';
import type { Change } from '~/features/events/tags';
import { type WriteAnswer, writeRoutes } from '~/server/api/handler';

/** Wraps an endpoint that writes (see the module comment). */
export const writeRoute = writeRoutes<Change>(publishChange);

/** What the handler of a write answers: its response, and the change it made (none: nothing a page shows). */
export type ChangeAnswer = WriteAnswer<Change>;

import { jsonError } from '~/server/api/respond';

/**
 * Any `/api/...` path no endpoint answers: a JSON 404 in the API's error shape (`{message}`), for every
 * method, instead of the HTML page an API caller cannot read. Astro tries every more specific route first.
 */
export const ALL = () => jsonError(404, 'Not found: no API endpoint at this path');

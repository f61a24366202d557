import { PUBLIC_API_KEY } from 'astro:env/client';
import { createApiClient } from './api';

/**
 * The site's API client: same-origin, with credentials and the fixed custom headers. The key is not
 * a secret (it ships in every page); it lets the server refuse requests that did not come from the site.
 */
export const api = createApiClient({ apiKey: PUBLIC_API_KEY });

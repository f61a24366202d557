// @ts-check
/**
 * The Content-Security-Policy directives beyond script-src/style-src (whose hashes Astro computes at build).
 * Third-party hosts are allowed only when their slot is configured, so an unconfigured site loads nothing
 * from outside. `frame-ancestors` cannot live in a <meta> policy: the middleware sends it as a header.
 * @param {Record<string, string | undefined>} env
 * @returns {any[]}
 */
export function cspDirectives(env) {
  const connect = ["'self'", 'http://127.0.0.1:*', 'ws://127.0.0.1:*'];
  const frames = [];
  const images = ["'self'", 'data:', 'blob:', 'https:'];
  if (env.PUBLIC_GTM_ID) connect.push('https://www.googletagmanager.com', 'https://www.google-analytics.com');
  if (env.PUBLIC_RECAPTCHA_SITE_KEY)
    frames.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  if (env.PUBLIC_WEB3AUTH_CLIENT_ID) {
    connect.push('https://*.web3auth.io', 'wss://*.web3auth.io');
    frames.push('https://*.web3auth.io');
  }
  if (env.PUBLIC_STRIPE_PUBLISHABLE_KEY)
    frames.push('https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com');
  connect.push('https:', 'wss:');
  return [
    "default-src 'self'",
    `img-src ${images.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames.length ? frames.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
}

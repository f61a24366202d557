/**
 * The small page a mail's link answers with (an address confirmed, an unsubscribe to press or done): plain
 * HTML from the server, no script, in the token's language.
 */
import { escapeHtml } from './mailLayout';

/** An HTML response with `message`, and a form posting to `action` with the `button` label when given. */
export function linkPage(
  lang: 'ja' | 'en',
  message: string,
  form?: { action: string; button: string },
  status = 200,
): Response {
  const body = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(form.button)}</button></form>`
    : '';
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Kirafuda</title></head><body style="font-family:sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem"><h1 style="font-size:1.25rem">Kirafuda</h1><p>${escapeHtml(message)}</p>${body}<p><a href="${lang === 'en' ? '/en' : '/'}">Kirafuda</a></p></body></html>`;
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

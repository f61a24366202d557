/**
 * The frame of every mail: an HTML part (simple table-free markup, inline styles, every link absolute to the
 * canonical origin) and the same words as plain text, with the unsubscribe link at the foot. The headers of
 * one-click unsubscribe (RFC 8058) go with it.
 *
 * @see https://www.rfc-editor.org/rfc/rfc8058, https://www.rfc-editor.org/rfc/rfc2369
 */

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A paragraph or a link in a mail's body. */
export type MailBlock =
  | { text: string }
  | { text: string; href: string; image?: string | null | undefined }
  | { heading: string };

/** A mail's parts. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** Builds the parts of a mail (see the module comment). */
export function layoutMail(input: {
  lang: 'ja' | 'en';
  subject: string;
  blocks: readonly MailBlock[];
  siteName: string;
  siteUrl: string;
  /** The one-click unsubscribe URL and its words, or undefined (the confirmation mail has none). */
  unsubscribe?: { url: string; label: string } | undefined;
}): MailContent {
  const html = input.blocks.map((block) => {
    if ('heading' in block) return `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(block.heading)}</h2>`;
    if ('href' in block) {
      const image = block.image
        ? `<img src="${escapeHtml(block.image)}" alt="" width="96" height="128" style="display:block;border-radius:8px;margin-bottom:4px">`
        : '';
      return `<p style="margin:8px 0"><a href="${escapeHtml(block.href)}" style="color:#6d28d9">${image}${escapeHtml(block.text)}</a></p>`;
    }
    return `<p style="margin:8px 0">${escapeHtml(block.text)}</p>`;
  });
  const text = input.blocks.map((block) => {
    if ('heading' in block) return `\n${block.heading}\n`;
    if ('href' in block) return `${block.text}\n${block.href}`;
    return block.text;
  });
  const foot = input.unsubscribe
    ? [
        `<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 8px">`,
        `<p style="font-size:12px;color:#555"><a href="${escapeHtml(input.siteUrl)}">${escapeHtml(input.siteName)}</a> · <a href="${escapeHtml(input.unsubscribe.url)}">${escapeHtml(input.unsubscribe.label)}</a></p>`,
      ]
    : [
        `<p style="font-size:12px;color:#555"><a href="${escapeHtml(input.siteUrl)}">${escapeHtml(input.siteName)}</a></p>`,
      ];
  const textFoot = input.unsubscribe
    ? `\n--\n${input.siteName} ${input.siteUrl}\n${input.unsubscribe.label}: ${input.unsubscribe.url}`
    : `\n--\n${input.siteName} ${input.siteUrl}`;
  return {
    subject: input.subject,
    html: `<!doctype html><html lang="${input.lang}"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head><body style="font-family:sans-serif;line-height:1.6;color:#111;max-width:600px;margin:0 auto;padding:16px">${[...html, ...foot].join('')}</body></html>`,
    text: `${text.join('\n')}\n${textFoot}\n`,
    headers: input.unsubscribe
      ? { 'List-Unsubscribe': `<${input.unsubscribe.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : {},
  };
}

/**
 * Markdown to HTML for the site's own documents (terms, privacy policy, the transaction act notice):
 * markdown-it with linkify and line breaks on (spec §9) and raw HTML off, so whatever a document
 * holds comes out escaped. Links may only be web, mail or telephone links or paths on the site;
 * links that leave the site open in a new tab without handing it `window.opener`.
 *
 * @see docs/product-spec.md §9 ("Markdown rendering: linkify and line breaks on")
 */
import MarkdownIt from 'markdown-it';

/** Schemes a rendered link may use; anything else (javascript:, data:, vbscript:, file:) is dropped. */
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

function decodeOrKeep(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/**
 * True for a link markdown may render: an allowed scheme, or no scheme at all (a path, fragment or
 * query on the site). Control characters and spaces are ignored when reading the scheme, as browsers
 * ignore them, so `java\tscript:` or a percent-encoded variant cannot slip through.
 */
export function isSafeLink(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these characters in a scheme
  const cleaned = decodeOrKeep(url).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.has(`${scheme.toLowerCase()}:`);
}

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
  md.validateLink = isSafeLink;
  md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    const token = tokens[index];
    const href = token?.attrGet('href') ?? '';
    if (token && /^https?:\/\//i.test(href)) {
      token.attrSet('target', '_blank');
      token.attrSet('rel', 'noopener noreferrer');
    }
    return self.renderToken(tokens, index, options);
  };
  return md;
}

const renderer = createRenderer();

/** Renders a markdown document to HTML that is safe to insert as is (no raw HTML, only safe links). */
export function renderMarkdown(source: string): string {
  return renderer.render(source);
}

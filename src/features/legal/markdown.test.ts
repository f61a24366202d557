import { describe, expect, it } from 'vitest';
import { isSafeLink, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists and emphasis', () => {
    const html = renderMarkdown('## 第1条\n\n- one\n- **two**');
    expect(html).toContain('<h2>第1条</h2>');
    expect(html).toContain('<li><strong>two</strong></li>');
  });

  it('turns a single line break into <br> (breaks on)', () => {
    expect(renderMarkdown('line one\nline two')).toContain('line one<br>\nline two');
  });

  it('turns bare URLs into links that open in a new tab without the opener (linkify on)', () => {
    const html = renderMarkdown('See https://policies.google.com/privacy for details.');
    expect(html).toContain(
      '<a href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer">https://policies.google.com/privacy</a>',
    );
  });

  it('keeps links to pages of the site in the same tab', () => {
    expect(renderMarkdown('[contact](/contact)')).toContain('<a href="/contact">contact</a>');
  });

  it('escapes raw HTML instead of rendering it (html off)', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops javascript:, data: and vbscript: links, however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'java%0ascript:x',
    ]) {
      const html = renderMarkdown(`[click](${href})`);
      expect(html, href).not.toMatch(/href="[^"]*script|href="data/i);
    }
  });
});

describe('isSafeLink', () => {
  it('accepts web, mail and telephone links and paths on the site', () => {
    for (const url of [
      'https://example.com',
      'http://example.com',
      'mailto:a@b.example',
      'tel:0312345678',
      '/terms',
      '#top',
      '?page=2',
    ]) {
      expect(isSafeLink(url), url).toBe(true);
    }
  });

  it('refuses other schemes, also behind control characters or percent-encoding', () => {
    for (const url of [
      'javascript:x',
      ' javascript:x',
      '\u0001javascript:x',
      'java\tscript:x',
      '%6Aavascript:x',
      'file:///etc/passwd',
      'data:image/png;base64,AA',
    ]) {
      expect(isSafeLink(url), JSON.stringify(url)).toBe(false);
    }
  });
});

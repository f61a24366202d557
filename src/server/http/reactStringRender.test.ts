import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createElement, useId } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { reactStringRender, renderToStringInstead } from './reactStringRender.mjs';

const require = createRequire(import.meta.url);
/** `@astrojs/react`'s server renderer as installed (the file the plugin changes in the build). */
const rendererPath = join(dirname(require.resolve('@astrojs/react/package.json')), 'dist', 'server.js');

/** A small island: a labelled field whose id comes from `useId`. */
function Field({ label }: { label: string }) {
  const id = useId();
  return createElement('p', null, createElement('label', { htmlFor: id }, label), createElement('input', { id }));
}

async function streamed(element: ReturnType<typeof createElement>, identifierPrefix: string): Promise<string> {
  return new Response(await renderToReadableStream(element, { identifierPrefix })).text();
}

describe('islands rendered to a string', () => {
  test('the installed renderer renders to a string with the island prefix, and streams only with form state', async () => {
    const changed = renderToStringInstead(await readFile(rendererPath, 'utf8'));
    expect(changed).toContain(
      'html = formState ? await renderToReadableStreamAsync(vnode, renderOptions) : ReactDOM.renderToString(vnode, { identifierPrefix: prefix });',
    );
    expect(changed).not.toContain('\n    html = await renderToReadableStreamAsync(vnode, renderOptions);');
  });

  test('a string render is the streamed HTML, ids with the prefix the client hydrates with', async () => {
    const island = createElement(Field, { label: '価格' });
    const html = renderToString(island, { identifierPrefix: 'r7' });
    expect(html).toBe(await streamed(island, 'r7'));
    expect(html).toMatch(/<label for="(_r7[^"]+)">価格<\/label><input id="\1"\/>/);
  });

  test('a renderer it does not know fails the build, and other modules pass untouched', () => {
    expect(() => renderToStringInstead('export default {}')).toThrow(/not found/);
    const plugin = reactStringRender();
    const transform = plugin.transform as (code: string, id: string) => string | null;
    expect(transform('const x = 1;', '/app/node_modules/react-dom/server.js')).toBeNull();
  });
});

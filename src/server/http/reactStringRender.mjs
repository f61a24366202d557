// @ts-check
/**
 * A Vite plugin that makes `@astrojs/react` render an island with React's `renderToString` instead of its streaming
 * renderer. Astro reads the whole stream into one string anyway (`readResult`), and the stream machinery (a Web
 * stream, a reader, a text decoder) cost more than the render of a small island: an island of 3 rows took 44 µs of
 * CPU streamed against 11 µs as a string, of 15 rows 81 µs against 37 µs (best of 5 × 2,000); a token page renders
 * 9 islands, each twice (Astro's `check` renders a probe of it first), every page 4 in its header. The ids of
 * `useId` keep each island's prefix (`identifierPrefix`, as the client hydrates them). A render with an action's
 * form state keeps the stream (`renderToString` takes none). Islands here do not suspend while rendering on the
 * server (their lazy parts show only after a visitor acts), so the HTML is the same.
 *
 * The build fails when the line is not found (a newer `@astrojs/react`): the plugin is then to be checked, or dropped.
 */

/** The line of `@astrojs/react/dist/server.js` that streams a render. */
const STREAMED = 'html = await renderToReadableStreamAsync(vnode, renderOptions);';

/**
 * `source` (`@astrojs/react`'s server renderer) rendering to a string where no form state is carried.
 *
 * @param {string} source
 * @returns {string}
 */
export function renderToStringInstead(source) {
  if (!source.includes(STREAMED)) throw new Error('the streamed render was not found in @astrojs/react/dist/server.js');
  return source.replace(
    STREAMED,
    'html = formState ? await renderToReadableStreamAsync(vnode, renderOptions) : ReactDOM.renderToString(vnode, { identifierPrefix: prefix });',
  );
}

/** @returns {import('vite').Plugin} */
export function reactStringRender() {
  return {
    name: 'kirafuda:react-string-render',
    transform(code, id) {
      return /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/.test(id) ? renderToStringInstead(code) : null;
    },
  };
}

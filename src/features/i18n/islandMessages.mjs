// @ts-check
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `import messages from 'island-messages:trade'`: an island's messages loaded with its code instead of sent in
 * its props on every page. The module holds the keys of ./ja.json and ./en.json under the named prefix (or only the
 * keys listed after a slash: `island-messages:notify/bell,empty`; with no prefix, whole keys:
 * `island-messages:/sessions.success,report.failure`), in both languages, keyed without the prefix:
 * `{ ja: { sell: '…' }, en: { sell: '…' } }`. The strings are the files' own, as the server's `t` answers them
 * without variables (placeholders such as `{{from}}` stay for the island to fill). A key English lacks falls back
 * to Japanese, as `t` does.
 *
 * @see https://vite.dev/guide/api-plugin#virtual-modules-convention
 * @returns {import('vite').Plugin}
 */
export function islandMessages() {
  const PREFIX = 'island-messages:';
  const files = { ja: new URL('./ja.json', import.meta.url), en: new URL('./en.json', import.meta.url) };
  return {
    name: 'kirafuda:island-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [name = '', list] = id.slice(PREFIX.length + 1).split('/');
      const prefix = name ? `${name}.` : '';
      const only = list === undefined ? undefined : new Set(list.split(','));
      for (const file of Object.values(files)) this.addWatchFile(fileURLToPath(file));
      /** @type {Record<string, Record<string, string>>} */
      const all = {};
      for (const [locale, file] of Object.entries(files)) all[locale] = JSON.parse(readFileSync(file, 'utf8'));
      /** @param {Record<string, string>} own */
      const pick = (own) => {
        /** @type {Record<string, string>} */
        const picked = {};
        for (const [key, fallback] of Object.entries(all['ja'] ?? {})) {
          const short = key.slice(prefix.length);
          if (key.startsWith(prefix) && (!only || only.has(short))) picked[short] = own[key] ?? fallback;
        }
        return picked;
      };
      return `export default ${JSON.stringify({ ja: pick(all['ja'] ?? {}), en: pick(all['en'] ?? {}) })};`;
    },
  };
}

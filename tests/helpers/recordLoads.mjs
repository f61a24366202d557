/**
 * A preload (`node --import <this file>`) that writes the path of every module the process runs, one a line, to
 * the file named by `RECORD_LOADS_FILE`: CommonJS files as they are compiled, ES modules as they are loaded.
 * Files Node only reads to learn a CommonJS module's exports (both branches of React's `index.js`) are not
 * run and not listed. Used to prove the production server loads no development build.
 */
import { appendFileSync } from 'node:fs';
import Module, { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const out = process.env['RECORD_LOADS_FILE'];
if (out) {
  const record = (path) => appendFileSync(out, `${path}\n`);
  const compile = Module.prototype._compile;
  Module.prototype._compile = function recordCompile(content, filename, ...rest) {
    record(filename);
    return compile.call(this, content, filename, ...rest);
  };
  registerHooks({
    load(url, context, next) {
      const loaded = next(url, context);
      if (loaded.format === 'module' && url.startsWith('file:')) record(fileURLToPath(url));
      return loaded;
    },
  });
}

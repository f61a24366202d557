/**
 * Where the anvil executable of `@foundry-rs/anvil` lives. The package's `bin.mjs` wrapper spawns the
 * platform binary and exits as soon as it forwards a signal, without waiting: anvil would still be writing
 * its state file. The local chain therefore runs the binary itself and waits for it to exit.
 *
 * @see https://getfoundry.sh/anvil
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/** The platform package of the anvil binary, as `@foundry-rs/anvil` lists them in its optional dependencies. */
export function anvilPlatformPackage(platform: string = process.platform, arch: string = process.arch): string {
  const cpu = arch === 'x64' ? 'amd64' : arch;
  if (!['linux', 'darwin', 'win32'].includes(platform) || !['amd64', 'arm64'].includes(cpu)) {
    throw new Error(`anvil has no binary for ${platform}/${arch}`);
  }
  return `@foundry-rs/anvil-${platform}-${cpu}`;
}

/**
 * The path of the anvil binary installed under `root` (the project folder, default the working directory).
 * @throws Error when the package is not installed.
 */
export function anvilBinaryPath(root: string = process.cwd()): string {
  const name = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const require = createRequire(join(resolve(root), 'package.json'));
  const candidates: string[] = [];
  try {
    candidates.push(require.resolve(`${anvilPlatformPackage()}/bin/${name}`));
  } catch {
    // not installed as a platform package; try the wrapper's own dist folder
  }
  candidates.push(join(resolve(root), 'node_modules', '@foundry-rs', 'anvil', 'dist', name));
  const found = candidates.find((path) => existsSync(path));
  if (found === undefined) {
    throw new Error(`the anvil binary is missing (looked in ${candidates.join(', ')}): run npm install`);
  }
  return found;
}

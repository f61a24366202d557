/**
 * The one reader of the environment: {@link loadSettings} parses variables with the schema (./schema.ts) and
 * throws one error naming every bad variable and what is wrong with it (never its value: it may be a secret);
 * {@link serverSettings} is this process's, parsed from `process.env` once. The server's entry, `npm run indexer`
 * and the scripts call {@link settingsOrExit} before anything else, so a typo stops the start with the variable's
 * name instead of a server that runs on a default or fails later; below them, functions take the settings (or the
 * part they read) as an argument. Server only: the settings hold secrets.
 *
 * Imports only this folder, with extensions: plain Node scripts load it as it is.
 *
 * @see ../../../docs/operations.md (configuration)
 */
import { type Settings, settingsSchema } from './schema.ts';

export type { Settings } from './schema.ts';

/** One bad variable: its name and what is wrong ("must be a whole number from 1"). */
export interface SettingProblem {
  name: string;
  problem: string;
}

/** The environment has bad values; the message names each variable and what is wrong, one per line. */
export class SettingsError extends Error {
  readonly problems: readonly SettingProblem[];

  constructor(problems: readonly SettingProblem[]) {
    super(
      `the environment has ${problems.length === 1 ? 'a bad setting' : `${problems.length} bad settings`}:\n` +
        problems.map(({ name, problem }) => `  ${name} ${problem}`).join('\n'),
    );
    this.name = 'SettingsError';
    this.problems = problems;
  }
}

/** The settings of `env` (see the module comment); throws a {@link SettingsError} naming every bad variable. */
export function loadSettings(env: Readonly<Record<string, string | undefined>>): Settings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success)
    throw new SettingsError(
      parsed.error.issues.map((issue) => ({ name: String(issue.path[0]), problem: issue.message })),
    );
  return Object.freeze(parsed.data);
}

let current: Settings | undefined;

/** This process's settings, parsed from `process.env` on the first call. */
export function serverSettings(): Settings {
  current ??= loadSettings(process.env);
  return current;
}

/**
 * This process's settings; when the environment has a bad value, says which (one line each, to `log`) and ends the
 * process with exit code 1. What a program calls first.
 */
export function settingsOrExit(log: (message: string) => void = (message) => console.error(message)): Settings {
  try {
    return serverSettings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    log(`[settings] ${error.message}`);
    process.exit(1);
  }
}

/**
 * Marks this process as production before React and the other libraries that pick their build from `NODE_ENV`
 * load (the built server's first act: it is production whoever starts it).
 */
export function markProduction(): void {
  process.env['NODE_ENV'] = 'production';
}

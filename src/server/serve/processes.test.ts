import { availableParallelism } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { defaultRenderConcurrency } from '../cache/pageCache';
import { loadSettings } from '../settings/settings.server';
import { serverProcesses } from './processes';

const POSTGRES = 'postgres://kirafuda@127.0.0.1:5432/kirafuda';

describe('how many server processes run', () => {
  it('is the number asked, or one per core for auto, with PostgreSQL', () => {
    const processes = (env: Record<string, string>) => serverProcesses(loadSettings(env));
    expect(processes({ SERVER_PROCESSES: '3', DATABASE_URL: POSTGRES })).toBe(3);
    expect(processes({ SERVER_PROCESSES: ' Auto ', DATABASE_URL: POSTGRES })).toBe(availableParallelism());
    expect(processes({ DATABASE_URL: POSTGRES })).toBe(1);
  });

  it('refuses a setting that is not a whole number, naming it', () => {
    for (const bad of ['two', '0', '-1', '1.5'])
      expect(() => loadSettings({ SERVER_PROCESSES: bad, DATABASE_URL: POSTGRES })).toThrow(
        /SERVER_PROCESSES must be a whole number or auto/,
      );
  });

  it('is one on the embedded database, told once by the program that starts them and not by other readers', () => {
    const told: string[] = [];
    const settings = loadSettings({ SERVER_PROCESSES: '2' });
    expect(serverProcesses(settings, (message) => told.push(message))).toBe(1);
    // The page cache reads the same setting for its defaults: it must not repeat the warning.
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(defaultRenderConcurrency(settings)).toBe(4);
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
    expect(told).toEqual([expect.stringContaining('needs PostgreSQL (DATABASE_URL)')]);
  });
});

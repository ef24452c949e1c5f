import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `--key=value` and `--flag` arguments of the operations scripts. */
export function argsOf(argv: string[]): Record<string, string | undefined> {
  return Object.fromEntries(
    argv.map((a) => {
      const [k, ...v] = a.replace(/^--/, '').split('=');
      return [k!, v.length ? v.join('=') : 'true'];
    }),
  );
}

/**
 * A PGlite data directory must not be opened by two processes. PGlite keeps a postmaster.pid there while open (its
 * pid is not a real process's), so its presence means a server has it open, or one stopped without closing it.
 */
export function assertPgliteNotInUse(dataDir: string) {
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    throw new Error(
      `${dataDir} is open in a server: stop it first (if none runs, it was not stopped cleanly: start and stop it once)`,
    );
  }
}

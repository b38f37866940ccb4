// Finding and running the command-line programs the throwaway MariaDB needs (mariadbd, the
// mariadb client, openssl): PATH first, then the usual sbin and bin directories, which a
// non-root PATH often lacks.
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const SEARCH_DIRS = ['/usr/sbin', '/usr/local/sbin', '/usr/bin', '/usr/local/bin', '/sbin', '/bin'];

/** The first of `names` found as an executable, or undefined. */
export function findProgram(names: string[]): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...SEARCH_DIRS];
  for (const name of names) {
    for (const d of dirs) {
      const p = join(d, name);
      try {
        accessSync(p, constants.X_OK);
        return p;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** Runs a program to its end with `input` on stdin; rejects with its stderr when it fails. */
export function run(file: string, args: string[], input?: string, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(file, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${file.split('/').pop()} failed: ${(stderr || err.message).trim()}`));
      else resolve(stdout);
    });
    // A program that exits without reading its input (the client refused by a server still
    // starting) makes this write fail with EPIPE: its exit status and stderr say what happened,
    // and an unheard 'error' would be an uncaught exception (a unit run failed on one).
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input ?? '');
  });
}

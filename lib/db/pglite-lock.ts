// A pid lock file beside the PGlite folder: two processes opening one folder would corrupt it.
import fs from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database folder ${dir} is in use by another process (pid ${pid}). ` +
        'Stop that process, point PGLITE_DIR at another folder, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/** Whether a process with this id exists (one of another user counts: signalling it is refused, not unknown). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock for `dir` (creating parent folders); returns a release function. */
export function acquirePgliteLock(dir: string): () => void {
  const lockPath = `${path.resolve(dir)}.lock`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (holder === process.pid) return () => undefined;
      if (Number.isInteger(holder) && holder > 0 && isProcessAlive(holder)) throw new DatabaseLockedError(dir, holder);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

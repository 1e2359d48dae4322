import fs from 'node:fs';
import path from 'node:path';
import { log } from '../log';

/**
 * A first start fills an empty embedded-database folder (the build's template copied in, or initdb
 * and the migrations) before anything is stored in it. Stopped half-way (SIGKILL, a crash, a full
 * disk), it would leave a folder that has PG_VERSION but not all of the database, which the next
 * start would open as if it were whole. (After a power loss, files the copy wrote may not have
 * reached the disk yet: the copy is not synced file by file.) A marker beside the folder says a
 * first start is under way; it is removed only once the database has opened complete. A start
 * that finds the marker empties the folder and makes it again: nothing can have been stored in
 * it, because the server answers no request before the marker is gone. The marker lives beside
 * the folder, not in it, so the folder may be a mount point (its contents are removed, not the
 * folder itself).
 */
const markerOf = (dir: string) => path.join(path.dirname(dir), `${path.basename(dir)}.first-start`);

/** true when `dir` holds no database yet (or only an interrupted first start's): it must be made. */
export function beginFirstStart(dir: string): boolean {
  const marker = markerOf(dir);
  if (fs.existsSync(marker)) {
    const entries = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    log.warn(
      { dir, entries: entries.length },
      'The embedded database was being created when an earlier start stopped: the incomplete folder is emptied and made again. Nothing had been stored in it yet.',
    );
    for (const e of entries) fs.rmSync(path.join(dir, e), { recursive: true, force: true });
  } else if (fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    return false;
  }
  fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
  fs.writeFileSync(marker, `${process.pid}\n`, { mode: 0o600 });
  return true;
}

/** The database opened complete: later starts open it as it is. */
export function endFirstStart(dir: string) {
  fs.rmSync(markerOf(dir), { force: true });
}

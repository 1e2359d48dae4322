import fs from 'node:fs';
import path from 'node:path';

/**
 * The data directory holds the embedded database, its encryption key (when generated), stored
 * files and staged binaries: nothing in it is for other users of the machine. Folders are made
 * 0700 and files 0600, as PostgreSQL itself creates them. The root folder at 0700 is what keeps
 * other users out; the modes inside keep a copied or moved sub-folder private too.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export interface PrivateResult {
  /** entries whose mode was changed */
  changed: number;
  /** entries that could not be changed (another owner, a read-only mount), with the reason */
  failed: { path: string; error: string }[];
}

/**
 * Walk `root` (not following symbolic links) and give every folder 0700 and every file 0600.
 * Never throws for one entry: a start should not fail because one file has another owner.
 */
export function makePrivate(root: string): PrivateResult {
  const result: PrivateResult = { changed: 0, failed: [] };
  const visit = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return; // removed while we walked (a lock file, a temp file)
    }
    if (st.isSymbolicLink()) return;
    const want = st.isDirectory() ? PRIVATE_DIR_MODE : st.isFile() ? PRIVATE_FILE_MODE : undefined;
    if (want !== undefined && (st.mode & 0o777) !== want) {
      try {
        fs.chmodSync(p, want);
        result.changed++;
      } catch (e) {
        result.failed.push({ path: p, error: (e as NodeJS.ErrnoException).code ?? String(e) });
      }
    }
    if (st.isDirectory()) {
      let names: string[] = [];
      try {
        names = fs.readdirSync(p);
      } catch {
        return;
      }
      for (const name of names) visit(path.join(p, name));
    }
  };
  if (fs.existsSync(root)) visit(root);
  return result;
}

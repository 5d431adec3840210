import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Onboarding documents on disk (DESIGN §1 "files"): DATA_DIR/files/onboarding/<generated name>.
 * An upload is first written under DATA_DIR/files/.incoming (same file system, so moving it into
 * place is a rename) and moved only once its application's rows are written; a refused upload
 * leaves nothing behind. The applicant's own file name is never a path on disk.
 */
export function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}

export function newIncomingPath(dataDir: string): string {
  const dir = path.join(filesRoot(dataDir), '.incoming');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${crypto.randomUUID()}.part`);
}

/** A generated storage key such as `onboarding/6f1c….pdf`. */
export function newStorageKey(extension: string): string {
  return `onboarding/${crypto.randomUUID()}.${extension}`;
}

/** The path of a stored document; a key that would leave the files directory is refused. */
export function storedPath(dataDir: string, storageKey: string): string {
  const root = filesRoot(dataDir);
  const resolved = path.resolve(root, storageKey);
  if (!resolved.startsWith(root + path.sep)) throw new Error(`storage key outside the files directory: ${storageKey}`);
  return resolved;
}

export function moveIntoPlace(dataDir: string, incomingPath: string, storageKey: string): void {
  const target = storedPath(dataDir, storageKey);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.renameSync(incomingPath, target);
}

export function removeQuietly(filePath: string): void {
  fs.rmSync(filePath, { force: true });
}

/**
 * Removes incoming files older than `olderThanMs`: an upload in progress is never that old, so
 * these are what a crashed or killed process left behind. Answers how many were removed.
 */
export function removeStaleIncoming(dataDir: string, now: Date, olderThanMs: number): number {
  const dir = path.join(filesRoot(dataDir), '.incoming');
  if (!fs.existsSync(dir)) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() && now.getTime() - stat.mtimeMs > olderThanMs) {
      removeQuietly(file);
      removed += 1;
    }
  }
  return removed;
}

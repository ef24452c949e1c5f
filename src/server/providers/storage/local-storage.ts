import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertSafeKey, type FileStorage } from './storage';

/** Files on local disk, outside any web root; the content type is kept beside each file. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  };
  return {
    kind: 'local',
    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, body, { mode: 0o600 });
      await writeFile(`${path}.type`, contentType, { mode: 0o600 });
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const body = new Uint8Array(await readFile(path));
        const contentType = await readFile(`${path}.type`, 'utf8').catch(() => 'application/octet-stream');
        return { body, contentType, size: body.byteLength };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
  };
}

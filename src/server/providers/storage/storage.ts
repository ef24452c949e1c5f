export interface StoredFile {
  body: Uint8Array;
  contentType: string;
  size: number;
}

/**
 * Private file storage: nothing here has a public URL; files are served through authorised routes.
 * Keys are relative paths such as `{userId}/{documentType}_{timestamp}.pdf`.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** Refuses keys that could leave the storage root or address something odd. */
export function assertSafeKey(key: string) {
  if (
    !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) ||
    key.split('/').some((p) => p === '.' || p === '..')
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { storedFiles } from './files.tables.ts';

export type StoredFile = { key: string; contentType: string; sizeBytes: number; sha256: string; content: Buffer };
export type NewFile = { key: string; npoId: number | null; contentType: string; content: Buffer };

/**
 * Where uploads are kept. One implementation today, PostgreSQL; an S3-compatible store would be a
 * second one chosen by configuration (docs/decisions/024-restart-and-shared-storage.md).
 */
export type FileStore = {
  /** Stores a file under a new key; false when the key is taken (the file is not replaced). */
  put: (file: NewFile) => Promise<boolean>;
  get: (key: string) => Promise<StoredFile | null>;
  /** Deletes a file that is no longer used (a replaced or removed photo); an unknown key is no error. */
  remove: (key: string) => Promise<void>;
};

export const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

export function databaseFileStore(db: Db): FileStore {
  return {
    put: async (file) => {
      const rows = await db
        .insert(storedFiles)
        .values({ ...file, sizeBytes: file.content.length, sha256: sha256Of(file.content) })
        .onConflictDoNothing()
        .returning({ key: storedFiles.key });
      return rows.length === 1;
    },
    get: async (key) => {
      const [row] = await db
        .select({
          key: storedFiles.key,
          contentType: storedFiles.contentType,
          sizeBytes: storedFiles.sizeBytes,
          sha256: storedFiles.sha256,
          content: storedFiles.content,
        })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row ?? null;
    },
    remove: async (key) => {
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}

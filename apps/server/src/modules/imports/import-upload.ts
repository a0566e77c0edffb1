// The uploaded file goes to the database as it arrives, a megabyte at a time, so every server
// instance's job can read it and no process holds it whole (docs/decisions/102-streaming-donation-import.md,
// uploads in PostgreSQL as in docs/decisions/024-restart-and-shared-storage.md).
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { slicesOf } from './import-file.ts';
import { donationImportChunks } from './imports.tables.ts';

const CHUNK_BYTES = 1024 * 1024;

type Ids = { npoId: number; importId: number };

/**
 * Stores `stream` as the import's chunks. A file with a NUL byte is read to its end but not kept
 * (`nul`): the caller refuses it whole, as it refuses a file over the size limit.
 */
export async function storeUpload(db: Db, ids: Ids, stream: Readable): Promise<{ bytes: number; nul: boolean }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let bytes = 0;
  let nul = false;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const content = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await db.insert(donationImportChunks).values({ importId: ids.importId, npoId: ids.npoId, seq, content });
    seq += 1;
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (nul) continue;
    if (chunk.includes(0)) {
      nul = true;
      pending = [];
      continue;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  if (!nul) await flush();
  return { bytes, nul };
}

/** The stored file's chunks in order, one read at a time. */
export async function* storedChunks(db: Db, ids: Ids): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq += 1) {
    const [row] = await db
      .select({ content: donationImportChunks.content })
      .from(donationImportChunks)
      .where(
        and(
          eq(donationImportChunks.importId, ids.importId),
          eq(donationImportChunks.npoId, ids.npoId),
          eq(donationImportChunks.seq, seq),
        ),
      );
    if (!row) return;
    yield row.content;
  }
}

/** The stored file as a stream, one chunk read at a time and handed on in slices. */
export function storedFile(db: Db, ids: Ids): Readable {
  async function* slices() {
    for await (const chunk of storedChunks(db, ids)) {
      yield* slicesOf(chunk);
    }
  }
  return Readable.from(slices(), { objectMode: false });
}

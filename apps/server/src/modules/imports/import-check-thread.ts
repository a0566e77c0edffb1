// The server's side of the check's worker thread (import-check.worker.ts; decision 102, "The check
// on its own thread"): reads the stored file for it, a chunk ahead, and stages each batch it checks,
// one at a time, while it checks the next.
import { Worker } from 'node:worker_threads';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CheckReply, CheckWorkerData, MainMessage } from './import-check-messages.ts';
import type { CheckOutcome } from './import-file.ts';
import { storedChunks } from './import-upload.ts';
import { stageRows } from './imports.repository.ts';

type Ids = { npoId: number; importId: number };

/**
 * The same relative name from the sources and from the build: beside this file it is the module
 * that loads the worker through tsx; beside the built server (dist/<entry>.mjs), the worker built
 * by scripts/build-server.mjs.
 */
const WORKER_URL = new URL('./import-check-worker.mjs', import.meta.url);

/**
 * Checks the stored upload on a worker thread and stages its rows: what checkImportStream does with
 * a staging onBatch, with the parsing and the row checks off this thread. A file the check refuses
 * rejects with its AppError; nothing is still staging when the promise settles.
 */
export function checkInWorker(db: Db, ids: Ids, data: CheckWorkerData): Promise<CheckOutcome> {
  const worker = new Worker(WORKER_URL, { workerData: data });
  const chunks = storedChunks(db, ids);
  // Read before the worker asks (its start-up overlaps the first read); a failed read is handled
  // when the worker asks for it, not left unhandled meanwhile.
  let ahead = chunks.next();
  ahead.catch(() => {});
  const staging = new Set<Promise<void>>();
  // The first database error (reading the file, staging a batch): the check fails with it, not
  // with the worker's copy of its message, so the job's retry rules see the real error.
  let firstError: unknown = null;
  const send = (message: MainMessage, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);

  return new Promise<CheckOutcome>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: CheckOutcome | null, error: unknown) => {
      if (settled) return;
      settled = true;
      void Promise.allSettled([...staging])
        .then(() => worker.terminate())
        .then(() => (outcome && firstError === null ? resolve(outcome) : reject(firstError ?? error)));
    };

    const nextChunk = async () => {
      try {
        const next = await ahead;
        if (next.done) return send({ t: 'chunk', data: null });
        ahead = chunks.next();
        ahead.catch(() => {});
        // A copy of exactly the chunk's bytes, moved to the worker rather than copied again.
        const bytes = new Uint8Array(next.value);
        send({ t: 'chunk', data: bytes }, [bytes.buffer as ArrayBuffer]);
      } catch (error) {
        firstError ??= error;
        send({ t: 'source-failed', error: error instanceof Error ? error.message : String(error) });
      }
    };

    worker.on('message', (reply: CheckReply) => {
      switch (reply.t) {
        case 'more':
          void nextChunk();
          return;
        case 'batch': {
          const staged = stageRows(db, ids, reply.rows, reply.progress).then(
            () => send({ t: 'staged', id: reply.id }),
            (error: unknown) => {
              firstError ??= error;
              send({ t: 'staged', id: reply.id, error: error instanceof Error ? error.message : String(error) });
            },
          );
          staging.add(staged);
          void staged.finally(() => staging.delete(staged));
          return;
        }
        case 'done':
          return finish(reply.outcome, null);
        case 'refused':
          return finish(null, new AppError(reply.code, reply.message, reply.fields));
        case 'failed':
          return finish(null, new Error(`the import check failed: ${reply.message}`));
      }
    });
    worker.on('error', (error) => finish(null, error));
    worker.on('exit', (code) => finish(null, new Error(`the import check's thread stopped (exit code ${code})`)));
  });
}

// The check of a large upload, run on a worker thread (docs/decisions/102-streaming-donation-import.md,
// "The check on its own thread"): parsing the CSV and checking each row is JavaScript on one core,
// which left the second core idle for the whole check. This thread parses and checks; the server's
// main thread reads the stored file for it and stages its batches (import-check-thread.ts), so the
// two overlap. The messages between them: import-check-messages.ts.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CheckReply, CheckWorkerData, MainMessage } from './import-check-messages.ts';
import { checkImportStream, slicesOf, stagedColumns } from './import-file.ts';

const port = parentPort;
if (!port) throw new Error('import-check.worker.ts runs only as a worker thread');
const data = workerData as CheckWorkerData;
const post = (reply: CheckReply) => port.postMessage(reply);

let asking = false;
const source = new Readable({
  read() {
    if (asking) return;
    asking = true;
    post({ t: 'more' });
  },
});

let nextBatch = 0;
const staged = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

port.on('message', (message: MainMessage) => {
  if (message.t === 'chunk') {
    asking = false;
    if (message.data === null) {
      source.push(null);
      return;
    }
    const chunk = Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength);
    for (const slice of slicesOf(chunk)) source.push(slice);
  } else if (message.t === 'staged') {
    const waiting = staged.get(message.id);
    staged.delete(message.id);
    if (message.error === undefined) waiting?.resolve();
    else waiting?.reject(new Error(message.error));
  } else if (message.t === 'source-failed') {
    source.destroy(new Error(message.error));
  }
});

async function main(): Promise<void> {
  try {
    const outcome = await checkImportStream(source, {
      campaignIdByUrl: new Map(data.campaignIdByUrl),
      format: formatFor({ locale: data.locale, timeZone: 'UTC' }),
      maxRows: data.maxRows,
      onBatch: (rows, progress) =>
        new Promise<void>((resolve, reject) => {
          const id = nextBatch++;
          staged.set(id, { resolve, reject });
          post({ t: 'batch', id, rows: stagedColumns(rows), progress });
        }),
    });
    post({ t: 'done', outcome });
  } catch (error) {
    if (error instanceof AppError) {
      post({ t: 'refused', code: error.code, message: error.message, fields: error.fields });
    } else {
      post({ t: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }
}

void main();

// What the check's worker thread and the server's main thread tell each other
// (import-check.worker.ts, import-check-thread.ts).
import type { TErrorCode } from '../../platform/http/app-error.ts';
import type { CheckOutcome, StagedColumns } from './import-file.ts';

export type CheckWorkerData = {
  /** The organisation's campaign addresses (lower case) and ids. */
  campaignIdByUrl: [string, number][];
  /** Counts in messages are written as the organisation writes them. */
  locale: string;
  maxRows: number;
};

/** From the worker: a request for the next stored chunk, a batch to stage, or the end of the check. */
export type CheckReply =
  | { t: 'more' }
  | { t: 'batch'; id: number; rows: StagedColumns; progress: { rows: number; bytes: number } }
  | { t: 'done'; outcome: CheckOutcome }
  | { t: 'refused'; code: TErrorCode; message: string; fields: Record<string, string> | undefined }
  | { t: 'failed'; message: string };

/** From the main thread: the next chunk (null at the end), a batch staged (or why not), or the read failing. */
export type MainMessage =
  | { t: 'chunk'; data: Uint8Array | null }
  | { t: 'staged'; id: number; error?: string }
  | { t: 'source-failed'; error: string };

import { CONSTANTS, type TApiError, type TDonationExportFormat } from '@kindling/contracts';
import { ApiError, NoResponseError } from '../../../app/api-client.ts';

export type ExportProgress = {
  /** Rows the server said it will send (X-Total-Count), null when it did not say. */
  totalRows: number | null;
  /** Rows received so far: counted for CSV (one line per donation), null for XLSX (zipped). */
  rows: number | null;
  bytes: number;
};

export type ExportResult = { blob: Blob; filename: string; rows: number | null };

const NEWLINE = 0x0a;

function filenameOf(response: Response, format: TDonationExportFormat): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? `donations.${format}`;
}

/**
 * Downloads the export of the filtered donations as a stream, reporting progress after every chunk
 * (the server sends the row count first; CSV lines are counted as they arrive). Aborting `signal`
 * cancels the download and the server stops reading its cursor.
 */
export async function downloadDonationExport(
  format: TDonationExportFormat,
  filter: Record<string, string>,
  options: { signal: AbortSignal; onProgress: (p: ExportProgress) => void },
): Promise<ExportResult> {
  const url = new URL(`${CONSTANTS.apiBase}/npo_admin/donations/export`, window.location.origin);
  for (const [key, value] of Object.entries(filter)) url.searchParams.set(key, value);
  url.searchParams.set('format', format);
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NoResponseError('No server response');
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as Partial<TApiError> | null;
    throw new ApiError(response.status, body);
  }
  const header = response.headers.get('x-total-count');
  const totalRows = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  const reader = response.body.getReader();
  options.onProgress({ totalRows, rows: format === 'csv' ? 0 : null, bytes });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    if (format === 'csv') for (const byte of value) if (byte === NEWLINE) lines += 1;
    // The first CSV line is the header; every donation is one line (the server keeps values on one line).
    options.onProgress({ totalRows, rows: format === 'csv' ? Math.max(0, lines - 1) : null, bytes });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks as BlobPart[], { type }),
    filename: filenameOf(response, format),
    rows: format === 'csv' ? Math.max(0, lines - 1) : totalRows,
  };
}

/** Hands a downloaded file to the browser as if it came from a link. */
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

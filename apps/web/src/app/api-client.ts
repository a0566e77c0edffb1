import { CONSTANTS, type TApiError } from '@kindling/contracts';

/** An HTTP failure with the server's status and error body (ZApiError), when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<TApiError> | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }
}

/**
 * No HTTP response at all (server down, network gone): the screens show 'No server response'
 * (docs/product/sign-in.md#messages).
 */
export class NoResponseError extends Error {}

export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

type RequestOptions = {
  query?: Record<string, string | number | undefined | null>;
  /** Sent as JSON; a FormData (a file upload) is sent as multipart, as the browser encodes it. */
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls /api/v1 with the session cookie and the X-CSRF-Token header taken from the csrf_token cookie. */
export async function api<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`${CONSTANTS.apiBase}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const multipart = options.body instanceof FormData;
  if (method !== 'GET' && method !== 'HEAD') {
    headers['x-csrf-token'] = readCookie('csrf_token') ?? '';
    if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: multipart
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NoResponseError('No server response');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) throw new ApiError(response.status, (data as Partial<TApiError> | null) ?? null);
  return data as T;
}

/** POSTs one file as multipart in the form field `field` (api() sends a FormData as the browser encodes it). */
export function uploadFile<T>(path: string, file: File, field = 'file'): Promise<T> {
  const body = new FormData();
  body.append(field, file);
  return api<T>('POST', path, { body });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

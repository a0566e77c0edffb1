// The public form's calls under /api/v1 (docs/product/payments.md#calls). No CSRF token: the payment calls are
// origin-only (decision 006), so they also work inside an iframe on another site.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) {
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new HttpError(0, 'We could not reach the server. Check your connection and try again.', null);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    const message =
      parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string'
        ? (parsed as { message: string }).message
        : `Request failed (${response.status})`;
    throw new HttpError(response.status, message, parsed);
  }
  return parsed as T;
}

export const getJson = <T>(path: string) => request<T>('GET', path);
export const postJson = <T>(path: string, body: unknown, headers?: Record<string, string>) =>
  request<T>('POST', path, body, headers);

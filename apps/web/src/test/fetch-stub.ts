import { vi } from 'vitest';

export type StubCall = { method: string; path: string; query: URLSearchParams; body: unknown; at: number };
type Reply = { status?: number; body?: unknown } | 'network-error';
type Handler = Reply | ((call: StubCall) => Reply | Promise<Reply>);

/**
 * Replaces global fetch with answers keyed by "METHOD /path" (path after /api/v1, no query). Every
 * call is recorded with its time; an unlisted call answers 404 so a test notices it.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: StubCall = { method, path, query: url.searchParams, body, at: performance.now() };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (!reply) return jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Not found' });
    return jsonResponse(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

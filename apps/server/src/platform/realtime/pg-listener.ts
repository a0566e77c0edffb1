import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export type PgListener = {
  /** Resolves once the first LISTEN is in place (so nothing committed afterwards is missed). */
  ready: Promise<void>;
  stop: () => Promise<void>;
};

const MAX_BACKOFF_MS = 30_000;

/**
 * One dedicated connection per server instance that LISTENs on `channel` (a pooled client cannot:
 * the pool would hand it to other queries). When the connection drops it reconnects with
 * exponential backoff; notifications sent while it was down are lost, which the web app covers by
 * refetching its list whenever the live channel reconnects.
 */
export function startPgListener(options: {
  connectionString: string;
  channel: string;
  onPayload: (payload: string) => void;
  log: FastifyBaseLogger;
}): PgListener {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: options.connectionString });
    client = c;
    c.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) options.onPayload(message.payload);
    });
    c.on('error', (error) => {
      options.log.warn({ err: error }, 'notification listener connection failed; reconnecting');
      void c.end().catch(() => {});
      if (client === c) client = null;
      scheduleReconnect();
    });
    // A server-side close (restart, idle kill) may end the connection without an error.
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      scheduleReconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(options.channel)}`);
      if (stopped) {
        await c.end();
        return;
      }
      attempt = 0;
      markReady();
    } catch (error) {
      if (stopped) return;
      options.log.warn({ err: error }, 'notification listener could not connect; retrying');
      void c.end().catch(() => {});
      if (client === c) client = null;
      scheduleReconnect();
    }
  };

  void connect();
  return {
    ready,
    stop: async () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      markReady();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

// Test support: the stock @rails/actioncable client running in Node, the client the web app
// uses. Node 20 has no global WebSocket or addEventListener, so both are supplied here.
import type { Consumer, Subscription } from '@rails/actioncable';
import { WebSocket } from 'ws';

const cookies = new Map<string, string>();
let sequence = 0;

/** ws sends the session cookie the way a browser would; the consumer URL says which one. */
class CookieWebSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    const cookie = cookies.get(new URL(url).searchParams.get('consumer') ?? '');
    super(url, protocols, cookie ? { headers: { cookie } } : {});
  }
}

const g = globalThis as unknown as { addEventListener?: () => void; removeEventListener?: () => void };
g.addEventListener ??= () => {};
g.removeEventListener ??= () => {};
const cable = await import('@rails/actioncable');
cable.adapters.WebSocket = CookieWebSocket as unknown as typeof cable.adapters.WebSocket;
cable.adapters.logger = { log: () => {} } as unknown as Console;

export type SubscriptionEvents = {
  connected: Promise<void>;
  rejected: Promise<void>;
  received: unknown[];
  /** Resolves with the next message received on this subscription. */
  next: () => Promise<unknown>;
};

/** A consumer of ws://host:port/cable signed in with `cookie` (e.g. "kindling_session=…"), or none. */
export function createCookieConsumer(baseUrl: string, cookie?: string): Consumer {
  sequence += 1;
  const key = String(sequence);
  if (cookie) cookies.set(key, cookie);
  return cable.createConsumer(`${baseUrl.replace(/^http/, 'ws')}/cable?consumer=${key}`);
}

/** Subscribes to `channel` and records what the stock client reports through its callbacks. */
export function subscribe(consumer: Consumer, channel: string): SubscriptionEvents & { subscription: Subscription } {
  const received: unknown[] = [];
  const waiting: Array<(message: unknown) => void> = [];
  let onConnected = () => {};
  let onRejected = () => {};
  const connected = new Promise<void>((resolve) => {
    onConnected = resolve;
  });
  const rejected = new Promise<void>((resolve) => {
    onRejected = resolve;
  });
  const subscription = consumer.subscriptions.create(
    { channel },
    {
      connected: () => onConnected(),
      rejected: () => onRejected(),
      received: (message: unknown) => {
        received.push(message);
        waiting.shift()?.(message);
      },
    },
  );
  const next = () => new Promise<unknown>((resolve) => waiting.push(resolve));
  return { subscription, connected, rejected, received, next };
}

/** The consumer's connection internals, which @types/rails__actioncable leaves out. */
export const connectionOf = (consumer: Consumer) =>
  (consumer as unknown as { connection: { isOpen: () => boolean; monitor: { isRunning: () => boolean } } }).connection;

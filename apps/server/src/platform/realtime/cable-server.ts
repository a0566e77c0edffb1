import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { SESSION_COOKIE, type SessionResolver } from '../http/session-context.ts';
import { CABLE_PROTOCOL, frames, PING_INTERVAL_MS, parseCommand } from './cable-protocol.ts';

export const CABLE_PATH = '/cable';
/** A browser tab needs one or two; the cap stops one socket from growing without bound. */
const MAX_SUBSCRIPTIONS = 16;
/** Every 10 beats (30 s) sockets that did not answer a transport ping are dropped as dead. */
const DEAD_CHECK_EVERY = 10;

type Connection = {
  socket: WebSocket;
  userId: number;
  /** The session cookie value, to check now and then that the session still exists. */
  token: string;
  subscriptions: Map<string, string>;
  alive: boolean;
};

export type Cable = {
  /** Sends `message` on `channel` to every socket of that user on this instance; returns how many got it. */
  broadcastToUser: (userId: number, channel: string, message: unknown) => number;
  connectionCount: () => number;
  /** Users with at least one open socket on this instance (so a push loads only their rows). */
  connectedUserIds: () => number[];
};

export type CableOptions = {
  resolveSession: SessionResolver;
  trustedOrigins: readonly string[];
  trustProxy: boolean | string[];
  /** Channels a signed-in user may subscribe to (each only ever carries that user's own data). */
  channels: readonly string[];
  /** How often open sockets re-check their session (sign-out elsewhere, expiry); default 60 s. */
  sessionRecheckMs?: number;
};

/**
 * The Action Cable endpoint at /cable on the app's own HTTP server, speaking the protocol the
 * stock @rails/actioncable client expects (docs/product/notifications.md#live-channel), signed in by the session
 * cookie. Sockets are grouped by user so a push reaches every tab of that user on this instance.
 */
export function registerCable(app: FastifyInstance, options: CableOptions): Cable {
  const server = new CableServer(app, options);
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => server.upgrade(request, socket, head);
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await server.close();
  });
  return {
    broadcastToUser: (userId, channel, message) => server.broadcastToUser(userId, channel, message),
    connectedUserIds: () => [...server.byUser.keys()],
    connectionCount: () => server.connections().length,
  };
}

class CableServer {
  readonly byUser = new Map<number, Set<Connection>>();
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
  });
  private beats = 0;
  private rechecking = false;
  private readonly timers: NodeJS.Timeout[];

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: CableOptions,
  ) {
    this.timers = [
      setInterval(() => this.beat(), PING_INTERVAL_MS),
      setInterval(() => void this.recheckSessions(), options.sessionRecheckMs ?? 60_000),
    ];
    for (const timer of this.timers) timer.unref();
  }

  connections(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (new URL(request.url ?? '/', 'http://x').pathname !== CABLE_PATH) return;
    // A page on a foreign site could otherwise open a socket riding the user's cookie (Rails
    // answers 404 the same way). Non-browser clients send no Origin and cannot borrow a cookie.
    if (!originAllowed(request, this.options)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => void this.accept(ws, request));
  }

  private async accept(socket: WebSocket, request: IncomingMessage): Promise<void> {
    socket.on('error', (error) => this.app.log.debug({ err: error }, 'cable socket error'));
    // Commands that arrive while the session is looked up are kept and handled once it is known.
    const early: string[] = [];
    let connection: Connection | null = null;
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return;
      if (connection) this.handleCommand(connection, raw.toString('utf8'));
      else if (early.length < MAX_SUBSCRIPTIONS) early.push(raw.toString('utf8'));
    });
    const signedIn = await this.authenticate(request).catch((error: unknown) => {
      this.app.log.error({ err: error }, 'cable session lookup failed');
      return undefined;
    });
    if (!signedIn) {
      // Rails' handle_open rejection: tell the client not to retry, then close. A failed lookup
      // (database down) is no verdict on the session, so that client may try again.
      socket.send(frames.disconnect(signedIn === null ? 'unauthorized' : 'server_restart', signedIn === undefined));
      socket.close();
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    connection = { socket, ...signedIn, subscriptions: new Map(), alive: true };
    this.track(connection);
    socket.send(frames.welcome());
    for (const raw of early.splice(0)) this.handleCommand(connection, raw);
  }

  private track(connection: Connection): void {
    const { socket, userId } = connection;
    const set = this.byUser.get(userId) ?? new Set<Connection>();
    this.byUser.set(userId, set);
    set.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => {
      const users = this.byUser.get(userId);
      users?.delete(connection);
      if (users?.size === 0) this.byUser.delete(userId);
    });
  }

  /** The user of the session cookie, or null when there is no live session. */
  private async authenticate(request: IncomingMessage): Promise<{ userId: number; token: string } | null> {
    const header = request.headers.cookie;
    if (!header) return null;
    const token = this.app.parseCookie(header)[SESSION_COOKIE];
    if (!token) return null;
    const found = await this.options.resolveSession(token);
    return found ? { userId: found.session.user.id, token } : null;
  }

  private handleCommand(connection: Connection, raw: string): void {
    const command = parseCommand(raw);
    const { socket, subscriptions } = connection;
    if (command.command === 'subscribe') {
      // The client re-sends subscribe every 500 ms until confirmed: a duplicate is confirmed again.
      const known = subscriptions.has(command.identifier);
      const allowed = command.channel !== null && this.options.channels.includes(command.channel);
      if (!known && (!allowed || subscriptions.size >= MAX_SUBSCRIPTIONS)) {
        socket.send(frames.reject(command.identifier));
        return;
      }
      subscriptions.set(command.identifier, command.channel as string);
      socket.send(frames.confirm(command.identifier));
    } else if (command.command === 'unsubscribe') {
      subscriptions.delete(command.identifier);
    } else {
      // No channel here takes client actions; unknown or malformed frames are ignored like Rails does.
      this.app.log.debug({ command: command.command }, 'cable command ignored');
    }
  }

  broadcastToUser(userId: number, channel: string, message: unknown): number {
    let sent = 0;
    for (const connection of this.byUser.get(userId) ?? []) {
      for (const [identifier, subscribed] of connection.subscriptions) {
        if (subscribed !== channel) continue;
        connection.socket.send(frames.data(identifier, message));
        sent += 1;
      }
    }
    return sent;
  }

  /** The 3-second ping; every 30 s also a transport ping, and sockets that missed the last one go. */
  private beat(): void {
    this.beats += 1;
    const ping = frames.ping();
    const checkDead = this.beats % DEAD_CHECK_EVERY === 0;
    for (const connection of this.connections()) {
      if (checkDead) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
      connection.socket.send(ping);
    }
  }

  /** A socket outlives its page's session otherwise: one signed out elsewhere stops receiving. */
  private async recheckSessions(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      for (const connection of this.connections()) {
        const found = await this.options.resolveSession(connection.token).catch(() => undefined);
        if (found === null || (found && found.session.user.id !== connection.userId)) {
          connection.socket.send(frames.disconnect('unauthorized', false));
          connection.socket.close();
        }
      }
    } finally {
      this.rechecking = false;
    }
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    const restart = frames.disconnect('server_restart', true);
    for (const { socket } of this.connections()) {
      socket.send(restart);
      socket.close(1001);
    }
    this.byUser.clear();
    // ws waits for its clients to finish the closing handshake; a client that never answers is cut.
    const closed = new Promise<void>((resolve) => this.wss.close(() => resolve()));
    const cut = setTimeout(() => {
      for (const client of this.wss.clients) client.terminate();
    }, 1_000);
    await closed;
    clearTimeout(cut);
  }
}

/** Same-origin as the Host the browser addressed (or a configured origin); no Origin is allowed. */
function originAllowed(request: IncomingMessage, options: CableOptions): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const parsed = new URL(origin);
  if (options.trustedOrigins.includes(parsed.origin)) return true;
  const forwarded = options.trustProxy ? request.headers['x-forwarded-host'] : undefined;
  const hosts = [request.headers.host, ...(typeof forwarded === 'string' ? forwarded.split(',') : [])];
  return hosts.some((host) => host !== undefined && host.trim().toLowerCase() === parsed.host.toLowerCase());
}

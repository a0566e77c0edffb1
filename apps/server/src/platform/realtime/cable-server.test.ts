import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RequestSession } from '../http/session-context.ts';
import { registerCable } from './cable-server.ts';

const session = (userId: number): RequestSession => ({
  id: `s${userId}`,
  user: { id: userId, email: `u${userId}@example.org`, firstName: '', lastName: '' },
  selectedNpoId: null,
  roleCode: null,
  roleName: null,
  permissions: [],
  mfaSetupRequired: false,
});

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A bare server with only the cable, whose sessions are a set of live tokens the test controls. */
async function cableServer(live: Set<string>) {
  app = Fastify();
  await app.register(cookie);
  const cable = registerCable(app, {
    resolveSession: async (token) =>
      live.has(token) ? { session: session(7), touched: false, maxAgeSeconds: 60 } : null,
    trustedOrigins: [],
    trustProxy: false,
    channels: ['NotificationChannel'],
    sessionRecheckMs: 100,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { cable, url: `${url.replace('http', 'ws')}/cable` };
}

describe('registerCable', () => {
  it('closes a socket whose session ended after it connected (signed out elsewhere)', async () => {
    const live = new Set(['t1']);
    const { cable, url } = await cableServer(live);
    const socket = new WebSocket(url, ['actioncable-v1-json'], { headers: { cookie: 'kindling_session=t1' } });
    const frames: unknown[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cable.connectedUserIds()).toEqual([7]);

    live.delete('t1');
    await new Promise((resolve) => socket.once('close', resolve));
    expect(frames.at(-1)).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    await expect.poll(() => cable.connectionCount()).toBe(0);
  });

  it('selects no protocol unless actioncable-v1-json is offered, so the handshake fails', async () => {
    const { url } = await cableServer(new Set(['t1']));
    const socket = new WebSocket(url, ['something-else'], { headers: { cookie: 'kindling_session=t1' } });
    const error = await new Promise<Error>((resolve) => socket.once('error', resolve));
    expect(error.message).toBe('Server sent no subprotocol');
  });
});

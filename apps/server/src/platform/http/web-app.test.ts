import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { registerWebApp } from './web-app.ts';

describe('serving the built web app', () => {
  let dist: string;
  const app = Fastify();

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<html>build one</html>');
    await fs.writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    registerErrorHandler(app, await registerWebApp(app, dist));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('answers the landing page and any client route with index.html', async () => {
    for (const url of ['/', '/dashboard/home', '/spring-appeal?ref=mail']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe('<html>build one</html>');
    }
  });

  it('serves assets, and a missing asset or API path is a 404, not the page', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/app-1.js' })).body).toBe('console.log(1)');
    const missing = await app.inject({ method: 'GET', url: '/assets/app-0.js' });
    expect(missing.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('picks up a rebuild without a restart', async () => {
    await fs.writeFile(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    await fs.writeFile(path.join(dist, 'index.html'), '<html>build two</html>');
    await fs.utimes(path.join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect((await app.inject({ method: 'GET', url: '/donate' })).body).toBe('<html>build two</html>');
    expect((await app.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(200);
  });
});

// /exchange-rates end to end, with the reference-rate source played by a real HTTP server on
// 127.0.0.1 (never the network): access, manual rates for a period, the fetch keeping the last good
// rates when the source fails, and the rate a new gift stores.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMENT_SETTINGS_MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { convertToBase } from '../donations/index.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const API = '/api/v1/payment_settings/exchange_rates';
const PATH = '/stats/eurofxref/eurofxref-daily.xml';

const ecbXml = (day: string, rates: Record<string, string>) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube>
    <Cube time='${day}'>
${Object.entries(rates)
  .map(([c, r]) => `      <Cube currency='${c}' rate='${r}'/>`)
  .join('\n')}
    </Cube>
  </Cube>
</gesmes:Envelope>`;

/** The source's answer for the next request; every request is kept to check what we asked. */
let answer: { status: number; body: string } = { status: 200, body: '' };
const requests: IncomingMessage[] = [];
let source: Server;

beforeAll(async () => {
  source = createServer((request, response) => {
    requests.push(request);
    if (request.method !== 'GET' || request.url !== PATH) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { 'content-type': 'text/xml' }).end(answer.body);
  });
  source.listen(0, '127.0.0.1');
  await once(source, 'listening');
});
afterAll(() => new Promise<void>((done) => source.close(() => done())));

describe('exchange rates', () => {
  const ctx = useTestApp({
    env: () => ({ EXCHANGE_RATES_URL: `http://127.0.0.1:${(source.address() as AddressInfo).port}${PATH}` }),
  });
  let admin: TestClient;
  let riverside = 0;
  const today = new Date().toISOString().slice(0, 10);
  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    riverside = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
  });
  const current = async (currency: string) =>
    (await admin.get(API)).json().current.find((r: { currency: string }) => r.currency === currency);

  it('lets the admin group read, organisation admins change, and keeps strangers out', async () => {
    expect((await new TestClient(ctx.app).get(API)).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).post(`${API}/refresh`)).statusCode).toBe(401);
    const staff = await signedIn(ctx, 'staff@kindling.test');
    expect((await staff.get(API)).statusCode).toBe(403);
    const finance = await signedIn(ctx, 'finance@kindling.test');
    expect((await finance.get(API)).statusCode).toBe(200);
    const body = { currency: 'CHF', rate: '1.1', valid_from: today, valid_to: today };
    expect((await finance.post(API, body)).statusCode).toBe(403);
    expect((await finance.post(`${API}/refresh`)).statusCode).toBe(403);
    expect(requests).toHaveLength(0);
  });

  it('shows the demo’s manual euro and pound rates with their period and source', async () => {
    const body = (await admin.get(API)).json();
    expect(body.base_currency).toBe('USD');
    expect(body.manual.map((r: { currency: string }) => r.currency).sort()).toEqual(['EUR', 'GBP']);
    expect(await current('EUR')).toMatchObject({ source: 'manual', rate: '1.16000000' });
    expect(await current('JPY')).toMatchObject({ source: 'default' });
    expect(body.last_fetch).toBeNull();
  });

  it('fetches the reference rates from the configured source and converts through the euro', async () => {
    answer = { status: 200, body: ecbXml('2026-11-20', { USD: '1.2500', JPY: '160.00', CHF: '0.9500' }) };
    const res = await admin.post(`${API}/refresh`);
    expect(res.statusCode, res.body).toBe(200);
    expect(requests.at(-1)?.headers.accept).toContain('xml');
    const body = res.json();
    expect(body.last_fetch).toMatchObject({ status: 'ok', rates_date: '2026-11-20', rates_count: 3, error: null });
    // 1 JPY = 1.25 / 160 USD; the euro itself is the manual demo rate, which wins over the fetched one.
    expect(await current('JPY')).toMatchObject({ source: 'ecb', rate: '0.00781250', as_of: '2026-11-20' });
    expect(await current('EUR')).toMatchObject({ source: 'manual' });
    const gift = await convertToBase(ctx.db, riverside, 16000, 'JPY', 'USD');
    expect(gift).toEqual({ baseAmountMinor: 12500, fxRate: '0.00781250' });
  });

  it('keeps the last good rates when the source fails, and says so', async () => {
    answer = { status: 503, body: 'maintenance' };
    const failed = (await admin.post(`${API}/refresh`)).json();
    expect(failed.last_fetch).toMatchObject({ status: 'failed', error: 'The source answered HTTP 503.' });
    expect(failed.last_good_fetch).toMatchObject({ status: 'ok', rates_date: '2026-11-20' });
    answer = { status: 200, body: '<html>not rates</html>' };
    const garbled = (await admin.post(`${API}/refresh`)).json();
    expect(garbled.last_fetch.status).toBe('failed');
    expect(await current('JPY')).toMatchObject({ source: 'ecb', rate: '0.00781250' });
    expect(garbled.history.map((f: { status: string }) => f.status)).toEqual(['failed', 'failed', 'ok']);
  });

  it('adds a manual rate for a period that new gifts use, and refuses bad input with field messages', async () => {
    const bad = [
      [{ currency: 'CHF', rate: 'abc', valid_from: today, valid_to: today }, 'rate'],
      [{ currency: 'CHF', rate: '1.1', valid_from: '2026-12-31', valid_to: '2026-01-01' }, 'valid_to'],
      [{ currency: 'CHF', rate: '1.1', valid_from: 'yesterday', valid_to: today }, 'valid_from'],
      [{ currency: 'XXX', rate: '1.1', valid_from: today, valid_to: today }, 'currency'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await admin.post(API, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const base = await admin.post(API, { currency: 'USD', rate: '1', valid_from: today, valid_to: today });
    expect(base.json().fields).toEqual({ currency: PAYMENT_SETTINGS_MESSAGES.sameCurrency });
    const overlap = await admin.post(API, { currency: 'EUR', rate: '1.2', valid_from: today, valid_to: today });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().fields).toEqual({ valid_from: PAYMENT_SETTINGS_MESSAGES.overlap });

    // A period that has not started yet changes nothing today.
    const later = await admin.post(API, {
      currency: 'CHF',
      rate: '2',
      valid_from: '2999-01-01',
      valid_to: '2999-12-31',
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(await current('CHF')).toMatchObject({ source: 'ecb' });
    const added = await admin.post(API, { currency: 'CHF', rate: '1.3', valid_from: today, valid_to: today });
    expect(added.statusCode, added.body).toBe(201);
    expect(await current('CHF')).toMatchObject({ source: 'manual', rate: '1.30000000', as_of: today });
    expect(await convertToBase(ctx.db, riverside, 1000, 'CHF', 'USD')).toEqual({
      baseAmountMinor: 1300,
      fxRate: '1.30000000',
    });
  });

  it('removes a manual rate, and answers 404 for another organisation’s rate', async () => {
    const manual = (await admin.get(API)).json().manual;
    const chf = manual.find(
      (r: { currency: string; valid_from: string }) => r.currency === 'CHF' && r.valid_from === today,
    );
    const outsider = await outsiderOrganisation(ctx, 'rates-out@example.org', 'Rates Outsider');
    expect((await outsider.client.request('DELETE', `${API}/${chf.id}`)).statusCode).toBe(404);
    expect((await outsider.client.get(API)).json().manual).toEqual([]);
    const removed = await admin.request('DELETE', `${API}/${chf.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await current('CHF')).toMatchObject({ source: 'ecb' });
    expect((await admin.request('DELETE', `${API}/${chf.id}`)).statusCode).toBe(404);
  });
});

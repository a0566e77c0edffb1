import { sql } from 'drizzle-orm';
import type { TestClient } from '../../../test/test-client.ts';
import type { Db } from '../../platform/db/client.ts';

export const API = '/api/v1/processors';
export const CAMPAIGN_PAGE = '/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal';

/** Demo organisation ids by slug. */
export async function npoIds(db: Db): Promise<{ riverside: number; northern: number }> {
  const { rows } = await db.execute<{ id: number; slug: string }>(sql`SELECT id, slug FROM npos`);
  const id = (slug: string) => Number(rows.find((r) => r.slug === slug)?.id);
  return { riverside: id('riverside-food-bank'), northern: id('northern-lights-rescue') };
}

export async function signedIn(client: TestClient, email: string, npoId?: number): Promise<TestClient> {
  await client.signIn(email);
  if (npoId !== undefined) {
    const res = await client.get(`/api/v1/npo_admin/select_npo?npo_id=${npoId}&code=5150`);
    if (res.statusCode !== 200) throw new Error(`select_npo failed: ${res.body}`);
  }
  return client;
}

export async function auditActions(db: Db, npoId: number): Promise<string[]> {
  const { rows } = await db.execute<{ action: string }>(
    sql`SELECT action FROM audit_log WHERE npo_id = ${npoId} AND action LIKE 'processors.%' ORDER BY id`,
  );
  return rows.map((r) => r.action);
}

export async function storedSettings(db: Db, npoId: number) {
  const { rows } = await db.execute<{
    stripe_account_id: string | null;
    paypal_merchant_id: string | null;
    paypal_email: string | null;
  }>(sql`SELECT stripe_account_id, paypal_merchant_id, paypal_email FROM npos WHERE id = ${npoId}`);
  return rows[0];
}

/** The hidden and prefilled fields of the sandbox consent form, as a browser would submit them. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  }
  return fields;
}

/** Walks the sandbox consent page like a browser; returns where it sends the browser back to. */
export async function consentInSandbox(
  client: TestClient,
  authorizeUrl: string,
  email?: string,
  decision = 'authorize',
) {
  const page = await client.get(authorizeUrl);
  if (page.statusCode !== 200) throw new Error(`consent page answered ${page.statusCode}: ${page.body}`);
  const fields = { ...formFields(page.body), decision, ...(email ? { email } : {}) };
  const res = await client.request('POST', new URL(authorizeUrl, 'http://localhost').pathname, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });
  return String(res.headers.location);
}

/** The callback's redirect, as the page /admin/processors will read it. */
export function landing(location: string | string[] | number | undefined) {
  const url = new URL(String(location), 'http://localhost');
  return { path: url.pathname, connected: url.searchParams.get('connected'), error: url.searchParams.get('error') };
}

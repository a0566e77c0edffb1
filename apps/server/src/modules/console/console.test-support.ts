import { sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

export const API = '/api/v1/console';

export async function as(ctx: TestContext, email: string): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  await client.signIn(email);
  return client;
}

export async function npoIdOf(ctx: TestContext, slug: string): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = ${slug}`);
  return Number(rows[0]?.id);
}

export async function userIdOf(ctx: TestContext, email: string): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE lower(email) = ${email}`);
  return Number(rows[0]?.id);
}

export async function consoleAudit(ctx: TestContext) {
  const { rows } = await ctx.db.execute<{
    action: string;
    npo_id: number | null;
    target_id: string;
    reason: string;
    actor: string;
  }>(sql`
    SELECT a.action, a.npo_id, a.target_id, a.data->>'reason' AS reason, u.email AS actor
    FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id WHERE a.action LIKE 'console.%' ORDER BY a.id`);
  return rows.map((r) => ({ ...r, npo_id: r.npo_id === null ? null : Number(r.npo_id) }));
}

/** Every console route, as each caller would try it. */
export const consoleCalls = (orgId: number, userId: number) =>
  [
    ['GET', API],
    ['GET', `${API}/organizations`],
    ['GET', `${API}/organizations/${orgId}`],
    ['POST', `${API}/organizations/${orgId}/suspend`, { reason: 'Testing access' }],
    ['POST', `${API}/organizations/${orgId}/verify`, { reason: 'Testing access' }],
    ['PUT', `${API}/organizations/${orgId}/fee`, { platform_fee_bps: 100, reason: 'Testing access' }],
    ['GET', `${API}/users`],
    ['POST', `${API}/users/${userId}/lock`, { reason: 'Testing access' }],
    ['POST', `${API}/users/${userId}/resend_verification`, { reason: 'Testing access' }],
    ['GET', `${API}/settings`],
    [
      'PUT',
      `${API}/settings`,
      {
        name: 'X',
        default_platform_fee_bps: 0,
        self_service_sign_up: false,
        maintenance_banner: '',
        reason: 'Testing access',
      },
    ],
    // admin24: transactions, figures, announcements and security (decision 054).
    ['GET', `${API}/transactions`],
    ['GET', `${API}/transactions/export`],
    ['GET', `${API}/sales`],
    // con24b: sales export, announcements, security, resend verification, analytics.
    ['GET', `${API}/sales/export`],
    // s24: the owed-fees table a page at a time (decision 096).
    ['GET', `${API}/sales/organizations?page=1&per_page=10`],
    ['GET', `${API}/announcements`],
    [
      'POST',
      `${API}/announcements`,
      { title: 'Hello', message: 'Hello all', audience: 'all', reason: 'Testing access' },
    ],
    ['GET', `${API}/security`],
    // con24c: creating an organisation and the analytics (decision 063).
    [
      'POST',
      `${API}/organizations`,
      {
        name: 'Access Trust',
        country: 'GB',
        base_currency: 'GBP',
        owner_email: 'o@example.org',
        reason: 'Testing access',
      },
    ],
    ['GET', `${API}/analytics`],
    // fin19: resending an owner's invitation.
    ['POST', `${API}/organizations/${orgId}/resend_invitation`, { reason: 'Testing access' }],
    // k24: the platform logo (its upload's refusals are in console-settings.test.ts).
    ['DELETE', `${API}/settings/logo?reason=Testing%20access`],
  ] as const;

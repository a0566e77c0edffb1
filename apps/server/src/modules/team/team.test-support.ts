import { sql } from 'drizzle-orm';
import { readOutbox } from '../../../test/mail.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

export const signedIn = async (ctx: TestContext, email: string) => {
  const c = new TestClient(ctx.app);
  await c.signIn(email);
  return c;
};

export const userIdOf = async (ctx: TestContext, email: string) =>
  Number(
    (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE lower(email) = lower(${email})`)).rows[0]?.id,
  );

/** A new organisation of its own (its creator is its only admin), for another organisation's ids. */
export async function outsiderOrganisation(ctx: TestContext, email: string, name: string) {
  const c = new TestClient(ctx.app);
  await c.post('/api/v1/signup', { first_name: 'Out', last_name: 'Sider', email, password: 'outsider-pass' });
  await c.post('/api/v1/npo_admin/organisations', { name });
  const npoId = Number(
    (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE name = ${name}`)).rows[0]?.id,
  );
  return { client: c, npoId };
}

/** The token of the last invitation link e-mailed to `to`. */
export async function invitationTokenFor(ctx: TestContext, to: string): Promise<string> {
  const mails = (await readOutbox(ctx.dataDir)).filter((m) => m.headers.toLowerCase().includes(to.toLowerCase()));
  const match = mails.at(-1)?.text.match(/\/team-invitation\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no invitation mail to ${to}`);
  return match[1];
}

export const auditActions = async (ctx: TestContext, targetId: number, targetType = 'user') =>
  (
    await ctx.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target_id = ${String(targetId)}
        AND (action LIKE 'membership.%' OR action LIKE 'team.%') AND target_type = ${targetType} ORDER BY id`,
    )
  ).rows.map((r) => r.action);

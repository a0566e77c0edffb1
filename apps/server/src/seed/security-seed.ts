// The demo organisation's security page (docs/product/security.md): a few members signed in on other
// devices, a sign-in history with two failures, and audit entries to filter. The seeded sessions'
// cookies are known to no one; revoking one shows how it works.
import { sql } from 'drizzle-orm';
import { auditLog } from '../modules/audit/audit.tables.ts';
import { signInAttempts } from '../modules/auth/sign-in.tables.ts';
import { sessions, users } from '../modules/users/index.ts';
import type { Db } from '../platform/db/client.ts';
import { randomToken, sha256Hex } from '../platform/security/tokens.ts';

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0';

const hoursAgo = (h: number) => new Date(Date.now() - h * 60 * 60 * 1000);

/** Runs once: nothing is added when the demo members already have a sign-in history. */
export async function seedSecurity(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.email} IN ('manager@kindling.test', 'staff@kindling.test', 'finance@kindling.test')`);
  const id = (email: string) => rows.find((r) => r.email === email)?.id;
  const manager = id('manager@kindling.test');
  const staff = id('staff@kindling.test');
  const finance = id('finance@kindling.test');
  if (!manager || !staff || !finance) return;
  const [seen] = await db.select({ n: sql<number>`count(*)::int` }).from(signInAttempts);
  if ((seen?.n ?? 0) > 0) return;

  const attempt = (userId: number, email: string, h: number, ua: string, ip: string, reason: string | null = null) => ({
    userId,
    email,
    succeeded: reason === null,
    reason,
    ip,
    userAgent: ua,
    createdAt: hoursAgo(h),
  });
  await db
    .insert(signInAttempts)
    .values([
      attempt(staff, 'staff@kindling.test', 50, IPHONE_SAFARI, '198.51.100.23', 'wrong_password'),
      attempt(staff, 'staff@kindling.test', 49.9, IPHONE_SAFARI, '198.51.100.23'),
      attempt(manager, 'manager@kindling.test', 26, MAC_CHROME, '203.0.113.40'),
      attempt(finance, 'finance@kindling.test', 5, WINDOWS_EDGE, '192.0.2.77', 'wrong_password'),
      attempt(finance, 'finance@kindling.test', 4.9, WINDOWS_EDGE, '192.0.2.77'),
    ]);
  const session = (userId: number, signedIn: number, lastSeen: number, ua: string, ip: string) => ({
    id: sha256Hex(randomToken(32)),
    userId,
    selectedNpoId: npoId,
    ip,
    userAgent: ua,
    createdAt: hoursAgo(signedIn),
    lastSeenAt: hoursAgo(lastSeen),
    expiresAt: new Date(hoursAgo(lastSeen).getTime() + 30 * 24 * 60 * 60 * 1000),
  });
  await db
    .insert(sessions)
    .values([
      session(staff, 49.9, 3, IPHONE_SAFARI, '198.51.100.23'),
      session(manager, 26, 1, MAC_CHROME, '203.0.113.40'),
      session(finance, 4.9, 0.5, WINDOWS_EDGE, '192.0.2.77'),
    ]);
  await db.insert(auditLog).values([
    {
      npoId,
      actorUserId: manager,
      action: 'security.policy_changed',
      targetType: 'organisation',
      targetId: String(npoId),
      data: {
        before: { requireTwoFactor: false, sessionLifetimeHours: 720 },
        after: { requireTwoFactor: false, sessionLifetimeHours: 336 },
      },
      ip: '203.0.113.40',
      createdAt: hoursAgo(25),
    },
    {
      npoId,
      actorUserId: manager,
      action: 'team.invitation_sent',
      targetType: 'team_invitation',
      data: { email: 'new.volunteer@kindling.test', role_code: 1984 },
      ip: '203.0.113.40',
      createdAt: hoursAgo(24),
    },
  ]);
}

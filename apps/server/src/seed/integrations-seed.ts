// api21: one demo API key (decision 069). Its secret is random and thrown away, as after any key's
// creation: the screen shows its prefix, permissions and last use only.
import { API_KEY_PREFIX } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { randomToken, sha256Hex } from '../platform/security/tokens.ts';

export async function seedIntegrations(db: Db, npoIds: Map<string, number>, adminId: number | null): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId || !adminId) return;
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  await db.execute(sql`
    INSERT INTO api_keys (npo_id, name, prefix, key_hash, scopes, created_by_user_id, created_at, last_used_at)
    SELECT ${npoId}, 'Zapier (demo)', ${secret.slice(0, API_KEY_PREFIX.length + 4)}, ${sha256Hex(secret)},
      ARRAY['donations:read', 'donors:read']::text[], ${adminId}, now() - interval '12 days', now() - interval '3 hours'
    WHERE NOT EXISTS (SELECT 1 FROM api_keys WHERE npo_id = ${npoId} AND name = 'Zapier (demo)')`);
}

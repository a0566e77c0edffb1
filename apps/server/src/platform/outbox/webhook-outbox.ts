// The platform's webhook outbox writer (docs/decisions/074-webhook-outbox.md). Core modules record an
// event here, inside the transaction (or statement) that makes the change; they never import the
// integrations module, which relays the rows to endpoints in its own jobs.
import type { TWebhookEventType } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/tx.ts';
import { webhookEvents } from './webhook-events.tables.ts';

export type WebhookEventWrite = { npoId: number; type: TWebhookEventType; data: Record<string, unknown> };

/** One INSERT in the caller's transaction: the event exists exactly when the change does. */
export async function recordWebhookEvent(tx: Tx, event: WebhookEventWrite): Promise<void> {
  await tx.insert(webhookEvents).values(event);
}

/**
 * The same insert as a CTE body for a statement that already writes the change (the donation's
 * single statement): `rows` yields (npo_id, type, data) for each event, so several kinds of event
 * are still one INSERT.
 */
export function webhookEventInsertSql(from: { rows: SQL }): SQL {
  return sql`INSERT INTO ${webhookEvents} (npo_id, type, data) SELECT e.npo_id, e.type, e.data FROM ${from.rows}`;
}

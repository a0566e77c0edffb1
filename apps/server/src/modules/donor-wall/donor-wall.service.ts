import { moneyPatternsFor, type TDonorWallQuery, type TDonorWallResponse } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { NO_CAMPAIGN } from '../campaigns/index.ts';
import { findWallPage, selectWall, type WallCursor } from './donor-wall.repository.ts';

const STALE_CURSOR = 'This list has changed. Please reload the page.';

/** The cursor is opaque to clients: base64url of the last entry's exact time and id. */
export const encodeCursor = (c: WallCursor): string => Buffer.from(`${c.givenAt}|${c.id}`).toString('base64url');

function decodeCursor(cursor: string): WallCursor {
  const [givenAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!/^\d+$/.test(id) || Number.isNaN(Date.parse(givenAt))) {
    throw new AppError('VALIDATION_FAILED', STALE_CURSOR, { cursor: STALE_CURSOR });
  }
  return { givenAt, id: Number(id) };
}

/** GET /npo_admin/campaign_page/supporters (docs/product/donation-form.md#donor-wall). */
export async function readDonorWall(db: Db, query: TDonorWallQuery): Promise<TDonorWallResponse> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const page = await findWallPage(db, query.campaign_id, query.peer_campaign_id ?? null);
  if (!page) throw new AppError('NOT_FOUND', NO_CAMPAIGN);
  const { entries, more } = await selectWall(db, page, query.limit, after);
  const last = entries.at(-1);
  return {
    supporters: entries.map(({ cursor: _cursor, ...entry }) => entry),
    next_cursor: more && last ? encodeCursor(last.cursor) : null,
    money_patterns: moneyPatternsFor(
      page.locale,
      entries.flatMap((e) => (e.amount_minor !== null && e.currency ? [e.currency] : [])),
    ),
  };
}

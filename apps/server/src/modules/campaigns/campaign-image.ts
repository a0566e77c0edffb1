import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { IMAGE_CONTENT_TYPES, readImageUpload } from '../../platform/files/image-upload.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { findOwnCampaign } from './campaigns.repository.ts';
import { audit, CAMPAIGN_NOT_FOUND } from './campaigns.service.ts';
import { campaigns } from './campaigns.tables.ts';

/**
 * Stores a JPEG, PNG or WebP image in the file store (served at /uploads/<npo>/campaigns/…) and
 * returns its URL.
 * With purpose 'campaign' it also becomes the campaign's image; 'preset' only stores it, for the
 * edit page to put on an amount preset when the campaign is saved.
 */
export async function uploadCampaignImage(
  db: Db,
  files: FileStore,
  actor: OrganisationSession,
  id: number,
  purpose: 'campaign' | 'preset',
  request: FastifyRequest,
): Promise<{ image_url: string }> {
  // Ownership first: an outsider's upload is refused before a byte is stored.
  if (!(await findOwnCampaign(db, actor.selectedNpoId, id))) throw new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  const { bytes, type } = await readImageUpload(request);
  const key = `${actor.selectedNpoId}/campaigns/${id}-${randomBytes(12).toString('hex')}.${type}`;
  await files.put({ key, npoId: actor.selectedNpoId, contentType: IMAGE_CONTENT_TYPES[type], content: bytes });
  const imageUrl = `/uploads/${key}`;
  if (purpose === 'campaign') {
    await db.transaction(async (tx) => {
      await tx
        .update(campaigns)
        .set({ imageUrl, updatedAt: new Date() })
        .where(and(eq(campaigns.id, id), eq(campaigns.npoId, actor.selectedNpoId)));
      await audit(tx, actor, 'campaign.image_changed', id, { image_url: imageUrl }, request.ip ?? null);
    });
  }
  return { image_url: imageUrl };
}

import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { findOwnCampaign } from './campaigns.repository.ts';
import { audit, CAMPAIGN_NOT_FOUND } from './campaigns.service.ts';
import { campaigns } from './campaigns.tables.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** The file's type from its first bytes: a name or a Content-Type header proves nothing. */
export function imageTypeOf(bytes: Buffer): 'jpg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
  if (!file)
    throw new AppError('VALIDATION_FAILED', 'Choose an image to upload.', { image: 'Choose an image to upload.' });
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw Object.assign(new Error('Images can be up to 5 MB.'), { statusCode: 413, code: 'FILE_TOO_LARGE' });
    }
    throw error;
  }
}

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
  const bytes = await readUpload(request);
  const type = imageTypeOf(bytes);
  if (!type) {
    const message = 'Upload a JPEG, PNG or WebP image.';
    throw new AppError('VALIDATION_FAILED', message, { image: message });
  }
  const key = `${actor.selectedNpoId}/campaigns/${id}-${randomBytes(12).toString('hex')}.${type}`;
  await files.put({ key, npoId: actor.selectedNpoId, contentType: CONTENT_TYPES[type], content: bytes });
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

// Gallery images in modern formats and responsive sizes (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md):
// an uploaded image is kept as sent and resized with sharp into WebP variants 480, 960 and 1600 pixels wide
// (never enlarged), stored beside it as `<original without extension>-w<width>.webp`. The page offers them
// as a srcset so a phone downloads the small one.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Tx } from '../../platform/db/tx.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { IMAGE_CONTENT_TYPES, readImageUpload } from '../../platform/files/image-upload.ts';

export const VARIANT_WIDTHS = [480, 960, 1600] as const;
const WEBP_QUALITY = 78;

/** The URL of one variant of an original image URL. */
export const variantUrl = (url: string, width: number) => `${url.replace(/\.[a-z]+$/i, '')}-w${width}.webp`;

/** The srcset of an image with its variants' widths, or null when it has none. */
export function srcsetOf(url: string, widths: number[] | null | undefined): string | null {
  if (!widths || widths.length === 0) return null;
  return widths.map((w) => `${variantUrl(url, w)} ${w}w`).join(', ');
}

/** The widths to make for an image this wide: the standard ones that fit, or its own width when smaller. */
export function widthsFor(width: number): number[] {
  const fitting = VARIANT_WIDTHS.filter((w) => w <= width);
  return fitting.length > 0 ? fitting : [width];
}

/**
 * Stores the WebP variants of an original already stored under `key` and records their widths; returns the
 * original's size. Shared by the editor's upload and the demo seed.
 */
export async function storeVariants(
  db: Tx,
  files: FileStore,
  original: { key: string; npoId: number; content: Buffer },
): Promise<{ width: number; height: number; widths: number[] }> {
  const image = sharp(original.content, { failOn: 'error' }).rotate();
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const widths = widthsFor(width);
  const url = `/uploads/${original.key}`;
  for (const w of widths) {
    const content = await image
      .clone()
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    await files.put({
      key: variantUrl(url, w).slice('/uploads/'.length),
      npoId: original.npoId,
      contentType: 'image/webp',
      content,
    });
  }
  await db.execute(sql`
    INSERT INTO crowdfunding_image_variants (url, npo_id, widths) VALUES (${url}, ${original.npoId}, ${`{${widths.join(',')}}`}::integer[])
    ON CONFLICT (url) DO UPDATE SET widths = excluded.widths`);
  return { width, height, widths };
}

/** POST …/crowdfunding/{id}/images: the original as sent plus its variants. */
export async function storeGalleryImage(
  db: Tx,
  files: FileStore,
  request: FastifyRequest,
  place: { npoId: number; campaignId: number },
): Promise<{ image_url: string; width: number; height: number; srcset: string | null }> {
  const { bytes, type } = await readImageUpload(request);
  const key = `${place.npoId}/crowdfunding/${place.campaignId}-${randomBytes(12).toString('hex')}.${type}`;
  await files.put({ key, npoId: place.npoId, contentType: IMAGE_CONTENT_TYPES[type], content: bytes });
  const url = `/uploads/${key}`;
  const made = await storeVariants(db, files, { key, npoId: place.npoId, content: bytes });
  return { image_url: url, width: made.width, height: made.height, srcset: srcsetOf(url, made.widths) };
}

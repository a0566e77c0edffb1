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
import { AppError } from '../../platform/http/app-error.ts';

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

type Variants = { width: number; height: number; variants: Array<{ width: number; content: Buffer }> };

/** The WebP variants of an image, made in memory; an image sharp cannot decode is refused (400). */
async function makeVariants(content: Buffer): Promise<Variants> {
  try {
    const image = sharp(content, { failOn: 'error' }).rotate();
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    const variants = [];
    for (const w of widthsFor(width)) {
      const resized = image.clone().resize({ width: w, withoutEnlargement: true });
      variants.push({ width: w, content: await resized.webp({ quality: WEBP_QUALITY }).toBuffer() });
    }
    return { width, height, variants };
  } catch {
    const message = 'We could not read this image. Upload a JPEG, PNG or WebP image.';
    throw new AppError('VALIDATION_FAILED', message, { image: message });
  }
}

/** Stores the variants beside the original stored under `key` and records their widths. */
async function saveVariants(db: Tx, files: FileStore, original: { key: string; npoId: number }, made: Variants) {
  const url = `/uploads/${original.key}`;
  for (const v of made.variants) {
    const key = variantUrl(url, v.width).slice('/uploads/'.length);
    await files.put({ key, npoId: original.npoId, contentType: 'image/webp', content: v.content });
  }
  const widths = `{${made.variants.map((v) => v.width).join(',')}}`;
  await db.execute(sql`
    INSERT INTO crowdfunding_image_variants (url, npo_id, widths, width, height)
    VALUES (${url}, ${original.npoId}, ${widths}::integer[], ${made.width}, ${made.height})
    ON CONFLICT (url) DO UPDATE SET widths = excluded.widths, width = excluded.width, height = excluded.height`);
  return srcsetOf(
    url,
    made.variants.map((v) => v.width),
  );
}

/** The variants of an original already stored under `key` (the demo seed's images). */
export async function storeVariants(
  db: Tx,
  files: FileStore,
  original: { key: string; npoId: number; content: Buffer },
): Promise<void> {
  await saveVariants(db, files, original, await makeVariants(original.content));
}

/** POST …/crowdfunding/{id}/images: the original as sent plus its variants, nothing stored if it cannot be read. */
export async function storeGalleryImage(
  db: Tx,
  files: FileStore,
  request: FastifyRequest,
  place: { npoId: number; campaignId: number },
): Promise<{ image_url: string; width: number; height: number; srcset: string | null }> {
  const { bytes, type } = await readImageUpload(request);
  const made = await makeVariants(bytes);
  const key = `${place.npoId}/crowdfunding/${place.campaignId}-${randomBytes(12).toString('hex')}.${type}`;
  await files.put({ key, npoId: place.npoId, contentType: IMAGE_CONTENT_TYPES[type], content: bytes });
  const srcset = await saveVariants(db, files, { key, npoId: place.npoId }, made);
  return { image_url: `/uploads/${key}`, width: made.width, height: made.height, srcset };
}

// Gallery images in modern formats and responsive sizes (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md):
// resized by platform/files/image-variants.ts; their widths are kept by the original's URL in
// crowdfunding_image_variants, so the gallery's save (url and alt) needs no change and the page's one
// query joins them.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../platform/db/tx.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import {
  makeVariants,
  putVariants,
  srcsetOf,
  storeUploadedImage,
  VARIANT_WIDTHS,
  variantUrl,
  widthsFor,
} from '../../platform/files/image-variants.ts';

export { srcsetOf, VARIANT_WIDTHS, variantUrl, widthsFor };

async function recordWidths(
  db: Tx,
  npoId: number,
  image: { url: string; widths: number[]; width: number; height: number },
) {
  const widths = `{${image.widths.join(',')}}`;
  await db.execute(sql`
    INSERT INTO crowdfunding_image_variants (url, npo_id, widths, width, height)
    VALUES (${image.url}, ${npoId}, ${widths}::integer[], ${image.width}, ${image.height})
    ON CONFLICT (url) DO UPDATE SET widths = excluded.widths, width = excluded.width, height = excluded.height`);
}

/** The variants of an original already stored under `key` (the demo seed's images). */
export async function storeVariants(
  db: Tx,
  files: FileStore,
  original: { key: string; npoId: number; content: Buffer },
): Promise<void> {
  const made = await makeVariants(original.content);
  const { url, widths } = await putVariants(files, original, made);
  await recordWidths(db, original.npoId, { url, widths, width: made.width, height: made.height });
}

/** POST …/crowdfunding/{id}/images: the original as sent plus its variants, nothing stored if it cannot be read. */
export async function storeGalleryImage(
  db: Tx,
  files: FileStore,
  request: FastifyRequest,
  place: { npoId: number; campaignId: number },
): Promise<{ image_url: string; width: number; height: number; srcset: string | null }> {
  const stored = await storeUploadedImage(files, request, {
    npoId: place.npoId,
    folder: 'crowdfunding',
    prefix: String(place.campaignId),
  });
  await recordWidths(db, place.npoId, stored);
  return {
    image_url: stored.url,
    width: stored.width,
    height: stored.height,
    srcset: srcsetOf(stored.url, stored.widths),
  };
}

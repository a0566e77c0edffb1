// Several images per event (docs/decisions/089-event-images.md, docs/product/events.md#staff-screens): uploaded
// one at a time from the editor, resized into WebP variants by the platform's image code (as crowdfunding
// galleries are), their widths kept by the original's URL, then saved with the event in the editor's order
// with alt text. The first is the event's image (events.image_url) and the public page's hero.
import type { TEventImage, ZEventInput } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/tx.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { makeVariants, putVariants, srcsetOf, storeUploadedImage } from '../../platform/files/image-variants.ts';

type EventInput = z.output<typeof ZEventInput>;

/** The images to save: `images` when the client sends them, else the one `image_url` of older clients. */
export function imagesOf(input: EventInput): Array<{ url: string; alt: string }> {
  if (input.images) return input.images;
  return input.image_url ? [{ url: input.image_url, alt: '' }] : [];
}

async function recordWidths(
  db: Tx,
  npoId: number,
  image: { url: string; widths: number[]; width: number; height: number },
) {
  await db.execute(sql`
    INSERT INTO event_image_variants (url, npo_id, widths, width, height)
    VALUES (${image.url}, ${npoId}, ${`{${image.widths.join(',')}}`}::integer[], ${image.width}, ${image.height})
    ON CONFLICT (url) DO UPDATE SET widths = excluded.widths, width = excluded.width, height = excluded.height`);
}

/** POST /npo_admin/event_images: the original as sent plus its variants; nothing is stored if it cannot be read. */
export async function storeEventImage(
  db: Tx,
  files: FileStore,
  request: FastifyRequest,
  npoId: number,
): Promise<TEventImage> {
  const stored = await storeUploadedImage(files, request, { npoId, folder: 'events', prefix: 'image' });
  await recordWidths(db, npoId, stored);
  return {
    url: stored.url,
    alt: '',
    width: stored.width,
    height: stored.height,
    srcset: srcsetOf(stored.url, stored.widths),
  };
}

/** The variants of an image already stored under `key` (the demo seed's images). */
export async function storeEventImageVariants(
  db: Tx,
  files: FileStore,
  original: { key: string; npoId: number; content: Buffer },
): Promise<void> {
  const made = await makeVariants(original.content);
  const { url, widths } = await putVariants(files, original, made);
  await recordWidths(db, original.npoId, { url, widths, width: made.width, height: made.height });
}

/** Replaces the event's images with these, in this order. */
export async function saveEventImages(tx: Tx, eventId: number, input: EventInput): Promise<void> {
  await tx.execute(sql`DELETE FROM event_images WHERE event_id = ${eventId}`);
  for (const [position, image] of imagesOf(input).entries()) {
    await tx.execute(sql`
      INSERT INTO event_images (event_id, position, url, alt) VALUES (${eventId}, ${position}, ${image.url}, ${image.alt})`);
  }
}

/**
 * The event's images in order, with their size and variants when this organisation uploaded them (another
 * organisation's upload URL pasted in gets no variants: the join is by URL and organisation).
 */
export async function readEventImages(db: Tx, eventId: number): Promise<TEventImage[]> {
  const { rows } = await db.execute<{
    url: string;
    alt: string;
    width: number | null;
    height: number | null;
    widths: number[] | null;
  }>(sql`
    SELECT i.url, i.alt, v.width, v.height, v.widths
    FROM event_images i JOIN events e ON e.id = i.event_id
    LEFT JOIN event_image_variants v ON v.url = i.url AND v.npo_id = e.npo_id
    WHERE i.event_id = ${eventId} ORDER BY i.position`);
  return rows.map((r) => ({
    url: r.url,
    alt: r.alt,
    width: r.width === null ? null : Number(r.width),
    height: r.height === null ? null : Number(r.height),
    srcset: srcsetOf(r.url, r.widths),
  }));
}

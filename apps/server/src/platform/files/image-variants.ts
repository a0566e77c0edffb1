// Images in modern formats and responsive sizes (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md,
// shared by events in docs/decisions/089-event-images.md): an uploaded image is kept as sent and resized with
// sharp into WebP variants 480, 960 and 1600 pixels wide (never enlarged), stored beside it as
// `<original without extension>-w<width>.webp`. Pages offer them as a srcset so a phone downloads the small
// one. Where the widths are recorded is the module's own table; this file holds no domain rule.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';
import type { FileStore } from './file-store.ts';
import { IMAGE_CONTENT_TYPES, readImageUpload } from './image-upload.ts';

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

export type Variants = { width: number; height: number; variants: Array<{ width: number; content: Buffer }> };

/** The WebP variants of an image, made in memory; an image sharp cannot decode is refused (400). */
export async function makeVariants(content: Buffer): Promise<Variants> {
  // Loaded on first use, not at start-up: few requests resize images (decision 102, Memory).
  const { default: sharp } = await import('sharp');
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

/** Stores the variants beside the original stored under `key`; answers the original's URL and the widths made. */
export async function putVariants(
  files: FileStore,
  original: { key: string; npoId: number },
  made: Variants,
): Promise<{ url: string; widths: number[] }> {
  const url = `/uploads/${original.key}`;
  for (const v of made.variants) {
    const key = variantUrl(url, v.width).slice('/uploads/'.length);
    await files.put({ key, npoId: original.npoId, contentType: 'image/webp', content: v.content });
  }
  return { url, widths: made.variants.map((v) => v.width) };
}

export type StoredImage = { url: string; width: number; height: number; widths: number[] };

/**
 * An uploaded image (the request's multipart `file`) stored as sent under `<folder>/<prefix>-<random>.<type>`
 * with its variants; nothing is stored when it cannot be read.
 */
export async function storeUploadedImage(
  files: FileStore,
  request: FastifyRequest,
  place: { npoId: number; folder: string; prefix: string },
): Promise<StoredImage> {
  const { bytes, type } = await readImageUpload(request);
  const made = await makeVariants(bytes);
  const key = `${place.npoId}/${place.folder}/${place.prefix}-${randomBytes(12).toString('hex')}.${type}`;
  await files.put({ key, npoId: place.npoId, contentType: IMAGE_CONTENT_TYPES[type], content: bytes });
  const { url, widths } = await putVariants(files, { key, npoId: place.npoId }, made);
  return { url, width: made.width, height: made.height, widths };
}

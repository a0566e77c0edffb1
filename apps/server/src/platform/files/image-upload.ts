import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';
import type { FileStore } from './file-store.ts';

// An image sent as one multipart file (the field `file`), checked by its bytes: campaign images,
// organisation logos, receipt signatures and people's photos all arrive this way.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
export type ImageType = keyof typeof IMAGE_CONTENT_TYPES;

/** The file's type from its first bytes: a name or a Content-Type header proves nothing. */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** OpenAPI description of the multipart body readImageUpload reads. */
export const IMAGE_UPLOAD_BODY = {
  mediaType: 'multipart/form-data',
  description: `One image in the field \`file\` (at most ${MAX_IMAGE_BYTES} bytes).`,
  schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
};

/** What an API reference says of the multipart body these routes take (route config). */
export const imageUploadOpenApi = { openapi: { body: IMAGE_UPLOAD_BODY } };

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
 * The one image of a multipart upload (field `file`), up to 5 MB, JPEG, PNG or WebP by its bytes;
 * anything else is refused with a field message (`image`) before anything is stored.
 */
export async function readImageUpload(request: FastifyRequest): Promise<{ bytes: Buffer; type: ImageType }> {
  const bytes = await readUpload(request);
  const type = imageTypeOf(bytes);
  if (!type) {
    const message = 'Upload a JPEG, PNG or WebP image.';
    throw new AppError('VALIDATION_FAILED', message, { image: message });
  }
  return { bytes, type };
}

/**
 * Reads the request's image and stores it under `<npo>/<folder>/<name>-<random>.<type>` (`platform/…`
 * for the installation's own images, which belong to no organisation); returns its URL (/uploads/…).
 * A key is never reused.
 */
export async function storeUploadedImage(
  files: FileStore,
  request: FastifyRequest,
  place: { npoId: number | null; folder: string; name: string },
): Promise<string> {
  const { bytes, type } = await readImageUpload(request);
  const owner = place.npoId ?? 'platform';
  const key = `${owner}/${place.folder}/${place.name}-${randomBytes(12).toString('hex')}.${type}`;
  await files.put({ key, npoId: place.npoId, contentType: IMAGE_CONTENT_TYPES[type], content: bytes });
  return `/uploads/${key}`;
}

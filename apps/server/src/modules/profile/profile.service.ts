import { randomBytes } from 'node:crypto';
import type { TProfile } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { IMAGE_CONTENT_TYPES, type ImageType } from '../../platform/files/image-upload.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { photoUrlOf } from '../users/index.ts';
import * as repo from './profile.repository.ts';

export type Actor = { userId: number; ip: string | null };

export async function userOf(db: Tx, userId: number): Promise<repo.ProfileUser> {
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'You are not signed in.');
  return user;
}

export async function toProfile(db: Tx, user: repo.ProfileUser): Promise<TProfile> {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    photo_url: photoUrlOf(user),
    has_uploaded_photo: user.photoKey !== null,
    pending_email: await repo.findPendingEmail(db, user.id),
    has_password: user.passwordHash !== null,
  };
}

export const getProfile = async (db: Db, userId: number) => toProfile(db, await userOf(db, userId));

export async function updateName(
  db: Db,
  actor: Actor,
  input: { first_name: string; last_name: string },
): Promise<TProfile> {
  const user = await db.transaction(async (tx) => {
    const before = await userOf(tx, actor.userId);
    const after = await repo.updateUser(tx, actor.userId, { firstName: input.first_name, lastName: input.last_name });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'user.name_changed',
      targetType: 'user',
      targetId: actor.userId,
      data: {
        from: `${before.firstName} ${before.lastName}`.trim(),
        to: `${after.firstName} ${after.lastName}`.trim(),
      },
      ip: actor.ip,
    });
    return after;
  });
  return toProfile(db, user);
}

/**
 * Stores the person's new photo (served at /uploads/users/<id>/…, under a random name nobody can
 * guess) and deletes the one it replaces, so a replaced photo is not kept.
 */
export async function setPhoto(
  db: Db,
  files: FileStore,
  actor: Actor,
  image: { bytes: Buffer; type: ImageType },
): Promise<TProfile> {
  const key = `users/${actor.userId}/photo-${randomBytes(12).toString('hex')}.${image.type}`;
  await files.put({ key, npoId: null, contentType: IMAGE_CONTENT_TYPES[image.type], content: image.bytes });
  return replacePhoto(db, files, actor, key);
}

export const removePhoto = (db: Db, files: FileStore, actor: Actor) => replacePhoto(db, files, actor, null);

async function replacePhoto(db: Db, files: FileStore, actor: Actor, key: string | null): Promise<TProfile> {
  const { user, previous } = await db.transaction(async (tx) => {
    const before = await userOf(tx, actor.userId);
    const after = await repo.updateUser(tx, actor.userId, { photoKey: key });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: key ? 'user.photo_changed' : 'user.photo_removed',
      targetType: 'user',
      targetId: actor.userId,
      ip: actor.ip,
    });
    return { user: after, previous: before.photoKey };
  });
  if (previous && previous !== key) await files.remove(previous);
  return toProfile(db, user);
}

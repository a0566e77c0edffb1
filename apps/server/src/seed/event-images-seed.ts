// The demo gala's three images (docs/product/events.md#demo): stored as an upload would be, with the
// resized WebP variants (docs/decisions/089-event-images.md), the first the page's hero.
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { storeEventImageVariants } from '../modules/events/index.ts';
import type { Db } from '../platform/db/client.ts';
import { databaseFileStore } from '../platform/files/file-store.ts';
import { sourcePath } from '../platform/server-root.ts';

const IMAGES = [
  'Long tables set for dinner in the community hall under strings of warm lights.',
  'A harvest table of pumpkins, apples and fresh bread from local farms.',
  'Musicians on the hall’s stage in the evening light.',
];

export async function seedGalaImages(db: Db, npoId: number, eventId: number): Promise<void> {
  const files = databaseFileStore(db);
  for (const [i, alt] of IMAGES.entries()) {
    const key = `${npoId}/events/harvest-gala-${i + 1}.jpg`;
    const content = await readFile(sourcePath('seed', 'assets', 'events', `gala-${i + 1}.jpg`));
    await files.put({ key, npoId, contentType: 'image/jpeg', content });
    await storeEventImageVariants(db, files, { key, npoId, content });
    await db.execute(sql`
      INSERT INTO event_images (event_id, position, url, alt) VALUES (${eventId}, ${i}, ${`/uploads/${key}`}, ${alt})`);
  }
  await db.execute(
    sql`UPDATE events SET image_url = ${`/uploads/${npoId}/events/harvest-gala-1.jpg`} WHERE id = ${eventId}`,
  );
}

// Several images per event (docs/decisions/089-event-images.md): staff upload them (kept as sent with resized
// WebP variants), save them in the editor's order with alt text, and the public page reads them in that order
// with their size and srcset; the demo gala has three.
import { ZEventAdmin, ZPublicEvent } from '@kindling/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { EVENTS_API, gala } from './events.test-support.ts';

const ctx = useTestApp();

const upload = (client: TestClient, bytes: Buffer, name: string, type: string) => {
  const body = multipartBody(bytes, name, type);
  return client.request('POST', `${EVENTS_API}/event_images`, { body: body.payload, headers: body.headers });
};
const photo = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('event images', () => {
  it('shows the demo gala with its three images, the first as the event image, each with WebP variants', async () => {
    const page = ZPublicEvent.parse((await new TestClient(ctx.app).get('/api/v1/event_page/harvest-gala')).json());
    expect(page.images).toHaveLength(3);
    expect(page.image_url).toBe(page.images?.[0]?.url);
    for (const image of page.images ?? []) {
      expect(image.alt.length).toBeGreaterThan(10);
      expect([image.width, image.height]).toEqual([1600, 900]);
      expect(image.srcset?.split(', ').map((v) => v.split(' ')[1])).toEqual(['480w', '960w', '1600w']);
    }
    const small = await new TestClient(ctx.app).get(String(page.images?.[0]?.srcset?.split(' ')[0]));
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toContain('image/webp');
  });

  it('stores an upload with its variants, saves several in order with alt text, and reorders them', async () => {
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const first = await upload(admin, await photo(2000, 1000, '#3a7d44'), 'hall.jpg', 'image/jpeg');
    expect(first.statusCode, first.body).toBe(201);
    const hall = first.json() as { url: string; width: number; height: number; srcset: string };
    expect(hall).toMatchObject({ width: 2000, height: 1000 });
    expect(hall.srcset.split(', ').map((v) => v.split(' ')[1])).toEqual(['480w', '960w', '1600w']);
    const second = await upload(admin, await photo(600, 400, '#aa3311'), 'band.jpg', 'image/jpeg');
    const band = second.json() as { url: string; srcset: string };
    // Never enlarged: only the sizes that fit.
    expect(band.srcset).toMatch(/^\S+-w480\.webp 480w$/);

    const created = await admin.post(
      `${EVENTS_API}/events`,
      gala('images-gala', {
        images: [
          { url: hall.url, alt: 'The hall set for dinner' },
          { url: band.url, alt: 'The band' },
          { url: 'https://images.example.org/poster.png', alt: 'The poster' },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const event = ZEventAdmin.parse(created.json());
    expect(event.images?.map((i) => [i.alt, i.width, i.srcset === null])).toEqual([
      ['The hall set for dinner', 2000, false],
      ['The band', 600, false],
      ['The poster', null, true],
    ]);
    expect(event.image_url).toBe(hall.url);

    // Reordered and one removed in the editor: the page follows, and the first is the event's image.
    const saved = await admin.put(
      `${EVENTS_API}/events/${event.id}`,
      gala('images-gala', {
        images: [
          { url: band.url, alt: 'The band on stage' },
          { url: hall.url, alt: 'The hall' },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const page = ZPublicEvent.parse((await new TestClient(ctx.app).get('/api/v1/event_page/images-gala')).json());
    expect(page.images?.map((i) => [i.url, i.alt, i.height])).toEqual([
      [band.url, 'The band on stage', 400],
      [hall.url, 'The hall', 1000],
    ]);
    expect(page.image_url).toBe(band.url);

    // An older client sending only image_url keeps one image.
    const { images: _dropped, ...rest } = gala('images-gala');
    const poster = 'https://images.example.org/poster.png';
    const older = await admin.put(`${EVENTS_API}/events/${event.id}`, { ...rest, image_url: poster });
    expect(older.statusCode, older.body).toBe(200);
    const after = ZEventAdmin.parse((await admin.get(`${EVENTS_API}/events/${event.id}`)).json());
    expect(after.images?.map((i) => i.url)).toEqual([poster]);
  });

  it('refuses what is not an image, a bad address or too many images, and stores nothing', async () => {
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const text = await upload(admin, Buffer.from('not an image at all'), 'notes.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(400);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 7)]);
    const unreadable = await upload(admin, broken, 'broken.jpg', 'image/jpeg');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toBe('We could not read this image. Upload a JPEG, PNG or WebP image.');

    const badUrl = await admin.post(
      `${EVENTS_API}/events`,
      gala('images-bad', { images: [{ url: 'javascript:alert(1)', alt: '' }] }),
    );
    expect(badUrl.statusCode).toBe(400);
    const many = Array.from({ length: 11 }, (_, i) => ({ url: `https://images.example.org/${i}.png`, alt: '' }));
    const tooMany = await admin.post(`${EVENTS_API}/events`, gala('images-many', { images: many }));
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('An event holds at most 10 images.');
    expect((await admin.get(`${EVENTS_API}/events`)).body).not.toContain('images-many');
  });

  it('lets only the admin group upload, and another organisation sees no variants of our uploads', async () => {
    const bytes = await photo(800, 600, '#123456');
    expect((await upload(new TestClient(ctx.app), bytes, 'a.jpg', 'image/jpeg')).statusCode).toBe(401);
    const staff = await signedIn(ctx, 'staff@kindling.test');
    expect((await upload(staff, bytes, 'a.jpg', 'image/jpeg')).statusCode).toBe(403);

    const admin = await signedIn(ctx, 'admin@kindling.test');
    const ours = (await upload(admin, bytes, 'ours.jpg', 'image/jpeg')).json() as { url: string };
    const { client } = await outsiderOrganisation(ctx, 'event-images@example.org', 'Image Outsiders');
    const theirs = await client.post(
      `${EVENTS_API}/events`,
      gala('outsider-images', { images: [{ url: ours.url, alt: 'Borrowed' }] }),
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    // The URL is only text to them: no size or variants of another organisation's upload are read out.
    expect(ZEventAdmin.parse(theirs.json()).images).toEqual([
      { url: ours.url, alt: 'Borrowed', width: null, height: null, srcset: null },
    ]);
  });
});

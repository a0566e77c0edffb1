// Gallery images resized into WebP variants (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md):
// what staff upload is kept and offered at 480, 960 and 1600 px as a srcset on the public page.
import { ZCrowdfundingPage } from '@kindling/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartBody, PNG } from '../../../test/multipart.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const API = '/api/v1';

/** The editor's upload, as the browser's FormData sends it. */
const upload = (client: TestClient, campaignId: number, bytes: Buffer, name: string, type: string) => {
  const body = multipartBody(bytes, name, type);
  return client.request('POST', `${API}/npo_admin/crowdfunding/${campaignId}/images`, {
    body: body.payload,
    headers: body.headers,
  });
};

describe('crowdfunding gallery images in responsive sizes', () => {
  const ctx = useTestApp();

  it('stores the upload with its WebP variants and the page offers them as a srcset', async () => {
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const visitor = new TestClient(ctx.app);
    const garden = ZCrowdfundingPage.parse((await visitor.get(`${API}/crowdfunding_page/community-garden`)).json());
    // The demo's own images were given their variant too.
    expect(garden.images[0]?.srcset).toMatch(/-w480\.webp 480w$/);

    const photo = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#3a7d44' } })
      .jpeg()
      .toBuffer();
    const stored = await upload(admin, garden.id, photo, 'beds.jpg', 'image/jpeg');
    expect(stored.statusCode, stored.body).toBe(201);
    const image = stored.json() as { image_url: string; width: number; height: number; srcset: string };
    expect(image).toMatchObject({ width: 2000, height: 1200 });
    const variants = image.srcset.split(', ');
    expect(variants.map((v) => v.split(' ')[1])).toEqual(['480w', '960w', '1600w']);
    const medium = await visitor.get(String(variants[1]?.split(' ')[0]));
    expect(medium.statusCode).toBe(200);
    expect(medium.headers['content-type']).toContain('image/webp');
    const size = await sharp(medium.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['webp', 960, 576]);
    expect(medium.rawPayload.length).toBeLessThan(photo.length);
    expect((await visitor.get(image.image_url)).statusCode).toBe(200);

    // A small image is never enlarged: one variant at its own width.
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const smallUpload = await upload(admin, garden.id, small, 'small.png', 'image/png');
    expect((smallUpload.json() as { srcset: string }).srcset).toMatch(/-w300\.webp 300w$/);

    // Saved into the gallery, the page offers the sizes.
    const detail = (await admin.get(`${API}/npo_admin/crowdfunding/${garden.id}`)).json();
    const saved = await admin.put(`${API}/npo_admin/crowdfunding/${garden.id}`, {
      funding_model: detail.funding_model,
      deadline: detail.deadline,
      rewards: detail.rewards,
      images: [{ url: image.image_url, alt: 'Raised beds' }, ...detail.images],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = ZCrowdfundingPage.parse((await visitor.get(`${API}/crowdfunding_page/community-garden`)).json());
    // Every image keeps its size through the save (width and height on the page: no layout shift).
    expect(page.images[0]).toMatchObject({ url: image.image_url, srcset: image.srcset, width: 2000, height: 1200 });
    expect(page.images.slice(1).map((i) => [i.width, i.height])).toEqual(garden.images.map(() => [480, 270]));
  });

  it('refuses an image it cannot read, and another organisation’s page', async () => {
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const garden = ZCrowdfundingPage.parse((await admin.get(`${API}/crowdfunding_page/community-garden`)).json());
    const broken = await upload(admin, garden.id, PNG, 'broken.png', 'image/png');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('We could not read this image. Upload a JPEG, PNG or WebP image.');
    const { client: outsider } = await outsiderOrganisation(ctx, 'img-outsider@example.org', 'Image Outsiders');
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const foreign = await upload(outsider, garden.id, photo, 'x.png', 'image/png');
    expect(foreign.statusCode).toBe(404);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipartBody, PNG } from '../../../test/multipart.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

// Name, photo and password on /profile, for staff (1984) and donors (1123) alike (docs/product/profile.md).
describe('the profile of any signed-in person', () => {
  const ctx = useTestApp();
  const signedIn = async (email: string) => {
    const c = new TestClient(ctx.app);
    await c.signIn(email);
    return c;
  };
  const upload = (c: TestClient, bytes: Buffer, name = 'me.png') => {
    const body = multipartBody(bytes, name, 'image/png');
    return c.request('POST', '/api/v1/account/profile/photo', { body: body.payload, headers: body.headers });
  };

  it('answers 401 to a caller without a session, on every profile route', async () => {
    const anonymous = new TestClient(ctx.app);
    const answers = [
      await anonymous.get('/api/v1/account/profile'),
      await anonymous.put('/api/v1/account/profile', { first_name: 'A', last_name: 'B' }),
      await upload(anonymous, PNG),
      await anonymous.request('DELETE', '/api/v1/account/profile/photo'),
      await anonymous.post('/api/v1/account/email', { new_email: 'x@example.org', current_password: 'kindling-demo' }),
      await anonymous.post('/api/v1/account/password', {
        current_password: 'kindling-demo',
        new_password: 'long-enough-1',
      }),
      await anonymous.post('/api/v1/account/mfa/setup', {}),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });

  it('lets a 1984 staff member (the demo account with a photo) change their name, shown in the session', async () => {
    const staff = await signedIn('staff@kindling.test');
    const profile = (await staff.get('/api/v1/account/profile')).json();
    expect(profile).toEqual({
      first_name: 'Stella',
      last_name: 'Staff',
      email: 'staff@kindling.test',
      photo_url: expect.stringMatching(/^\/uploads\/users\/\d+\/photo-demo\.png$/),
      has_uploaded_photo: true,
      pending_email: null,
      has_password: true,
    });
    const photo = await ctx.app.inject({ method: 'GET', url: profile.photo_url });
    expect(photo.headers['content-type']).toBe('image/png');
    const blank = await staff.put('/api/v1/account/profile', { first_name: '  ', last_name: 'Staff' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ first_name: 'First name is required' });
    const saved = await staff.put('/api/v1/account/profile', { first_name: ' Stella ', last_name: 'Stafford' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ first_name: 'Stella', last_name: 'Stafford' });
    expect((await staff.get('/api/v1/refresh')).json().npo_user).toMatchObject({ last_name: 'Stafford' });
  });

  it('stores a donor’s photo, shows it as the avatar, replaces and removes it without keeping the old file', async () => {
    const donor = await signedIn('fundraiser@kindling.test');
    const first = await upload(donor, PNG);
    expect(first.statusCode, first.body).toBe(200);
    const photo: string = first.json().photo_url;
    expect(photo).toMatch(/^\/uploads\/users\/\d+\/photo-[0-9a-f]{24}\.png$/);
    expect(first.json().has_uploaded_photo).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: photo })).rawPayload.equals(PNG)).toBe(true);
    expect((await donor.get('/api/v1/refresh')).json().npo_user.avatar_url).toBe(photo);

    const notImage = await upload(donor, Buffer.from('GIF89a......'), 'me.gif');
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().fields).toEqual({ image: 'Upload a JPEG, PNG or WebP image.' });
    expect((await donor.get('/api/v1/account/profile')).json().photo_url).toBe(photo);

    const second = (await upload(donor, PNG)).json().photo_url;
    expect(second).not.toBe(photo);
    expect((await ctx.app.inject({ method: 'GET', url: photo })).statusCode).toBe(404);
    const removed = await donor.request('DELETE', '/api/v1/account/profile/photo');
    expect(removed.json()).toMatchObject({ photo_url: null, has_uploaded_photo: false });
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    const donorId: number = (await donor.get('/api/v1/refresh')).json().npo_user.id;
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM stored_files WHERE key LIKE ${`users/${donorId}/%`}`);
    expect(rows).toHaveLength(0);
  });

  it('changes a 1984 password only with the current one and a valid new one, ending the other sessions', async () => {
    const here = await signedIn('staff@kindling.test');
    const elsewhere = await signedIn('staff@kindling.test');
    const weak = await here.post('/api/v1/account/password', {
      current_password: 'kindling-demo',
      new_password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({ new_password: 'Use at least 10 characters' });
    const wrong = await here.post('/api/v1/account/password', {
      current_password: 'not-my-password',
      new_password: 'a-new-long-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields).toEqual({ current_password: 'Your current password is not correct.' });
    expect((await elsewhere.get('/api/v1/account/profile')).statusCode).toBe(200);

    const ok = await here.post('/api/v1/account/password', {
      current_password: 'kindling-demo',
      new_password: 'a-new-long-password',
    });
    expect(ok.statusCode).toBe(200);
    expect((await here.get('/api/v1/account/profile')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/v1/account/profile')).statusCode).toBe(401);
    await expect(new TestClient(ctx.app).signIn('staff@kindling.test')).rejects.toThrow();
    expect((await new TestClient(ctx.app).signIn('staff@kindling.test', 'a-new-long-password')).npos).toHaveLength(1);
  });
});

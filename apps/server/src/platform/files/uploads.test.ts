import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { databaseFileStore } from './file-store.ts';
import { importLegacyUploads } from './uploads.ts';

describe('uploads kept by an earlier version in DATA_DIR/uploads', () => {
  const ctx = useTestApp();

  it('move into the database once and are served at the URLs campaigns already store', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const legacy = path.join(ctx.dataDir, 'uploads', '1', 'campaigns');
    await fs.mkdir(legacy, { recursive: true });
    await fs.writeFile(path.join(legacy, '7-abc.jpg'), bytes);

    expect(await importLegacyUploads(databaseFileStore(ctx.db), ctx.dataDir, () => {})).toBe(1);
    const served = await ctx.app.inject({ method: 'GET', url: '/uploads/1/campaigns/7-abc.jpg' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers.etag).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
    expect(served.rawPayload.equals(bytes)).toBe(true);

    // The folder is set aside, so the next start has nothing to read.
    await expect(fs.access(path.join(ctx.dataDir, 'uploads'))).rejects.toThrow();
    expect(await importLegacyUploads(databaseFileStore(ctx.db), ctx.dataDir, () => {})).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/1/campaigns/other.jpg' })).statusCode).toBe(404);
  });
});

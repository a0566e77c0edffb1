import { IMPORT_MAX_BYTES, ZContactImportResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { csvUpload } from './imports.test-support.ts';
import { runContactImport } from './index.ts';

const API = '/api/v1/npo_admin/contact_imports';

// A file as people export it from a spreadsheet: their own header names, a Latin name in UTF-8, a
// row already a demo contact (by e-mail, in another case), and rows the checks refuse.
const FILE = [
  'E-mail,Given name,Surname,Type,Zip code,Phone,Tags',
  'zoe.imported@example.org,Zoë,Okafor,prospect,10001,+1 555 0199,board;gala',
  'GRACE.WHITFIELD@EXAMPLE.ORG,,Updated-Surname,,,,imported',
  'not-an-email,Bad,Mail,,,,',
  'kai.imported@example.org,Kai,Lind,robot,,,',
  'zoe.second@example.org,Zoe,Second,volunteer,,,',
  'zoe.imported@example.org,Zoë,Again,,,,',
].join('\n');

const MAPPING = {
  email: 'E-mail',
  first_name: 'Given name',
  last_name: 'Surname',
  contact_type: 'Type',
  postal_code: 'Zip code',
  phone: 'Phone',
  tags: 'Tags',
};

describe('contacts import', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let outsider: TestClient;
  let npoId = 0;

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    outsider = (await outsiderOrganisation(ctx, 'contact-import-outsider@example.org', 'Outsider Contacts Trust'))
      .client;
    npoId = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
  });

  const upload = (client: TestClient, body: string | Buffer, name = 'contacts.csv') => {
    const { body: payload, headers } = csvUpload(body, name);
    return client.request('POST', API, { body: payload, headers });
  };
  const contactCount = async () =>
    Number(
      (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM donors WHERE npo_id = ${npoId}`)).rows[0]
        ?.n,
    );
  const waitUntilFinished = async (id: number) => {
    for (let i = 0; i < 100; i += 1) {
      const summary = ZContactImportResponse.parse((await admin.get(`${API}/${id}`)).json()).import;
      if (summary.status === 'finished') return summary;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error('the contacts import did not finish');
  };
  /** Upload, map, confirm and wait: the whole journey a staff member makes. */
  const importFile = async (text: string) => {
    const up = await upload(admin, text);
    expect(up.statusCode, up.body).toBe(201);
    const id = ZContactImportResponse.parse(up.json()).import.id;
    const plan = await admin.post(`${API}/${id}/preview`, { mapping: MAPPING, on_match: 'update' });
    expect(plan.statusCode, plan.body).toBe(200);
    expect((await admin.post(`${API}/${id}/start`)).statusCode).toBe(202);
    return { id, plan: ZContactImportResponse.parse(plan.json()), done: await waitUntilFinished(id) };
  };

  let firstId = 0;

  it('reads the header, suggests a mapping, and previews what each row would do before writing anything', async () => {
    const before = await contactCount();
    const up = await upload(admin, FILE, 'people.csv');
    expect(up.statusCode, up.body).toBe(201);
    const answer = ZContactImportResponse.parse(up.json());
    firstId = answer.import.id;
    expect(answer.import).toMatchObject({ file_name: 'people.csv', status: 'uploaded', total_rows: 6 });
    expect(answer.import.columns).toEqual(['E-mail', 'Given name', 'Surname', 'Type', 'Zip code', 'Phone', 'Tags']);
    expect(answer.suggested_mapping).toEqual(MAPPING);

    const plan = ZContactImportResponse.parse(
      (await admin.post(`${API}/${firstId}/preview`, { mapping: MAPPING, on_match: 'update' })).json(),
    );
    expect(plan.planned).toEqual({ create: 2, update: 1, skip: 0 });
    expect(plan.preview?.map((p) => [p.row, p.action, p.errors.join(' ')])).toEqual([
      [2, 'create', ''],
      [3, 'update', ''],
      [4, null, 'email: not a valid e-mail address.'],
      [5, null, 'contact_type: one of individual, prospect, volunteer, board_member, company, foundation.'],
      [6, 'create', ''],
      [7, null, 'email: already in row 2; each contact once per file.'],
    ]);
    expect(plan.import).toMatchObject({ status: 'previewed', valid_rows: 3, failed_count: 3 });
    expect(await contactCount()).toBe(before);
  });

  it('creates new contacts, fills in the matched one without blanking it, and reports the refused rows', async () => {
    const before = await contactCount();
    expect((await admin.post(`${API}/${firstId}/start`)).statusCode).toBe(202);
    const done = await waitUntilFinished(firstId);
    expect(done).toMatchObject({ created_count: 2, updated_count: 1, skipped_count: 0, failed_count: 3 });
    expect(await contactCount()).toBe(before + 2);
    const { rows } = await ctx.db.execute<Record<string, unknown>>(sql`
      SELECT dn.email, dn.first_name, dn.last_name, dn.postal_code, cd.contact_type, cd.tags, cd.phones
      FROM donors dn LEFT JOIN contact_details cd ON cd.donor_id = dn.id
      WHERE dn.npo_id = ${npoId} AND lower(dn.email) IN ('zoe.imported@example.org', 'grace.whitfield@example.org')
      ORDER BY dn.email`);
    expect(rows).toEqual([
      expect.objectContaining({
        email: 'grace.whitfield@example.org',
        first_name: 'Grace',
        last_name: 'Updated-Surname',
      }),
      {
        email: 'zoe.imported@example.org',
        first_name: 'Zoë',
        last_name: 'Okafor',
        postal_code: '10001',
        contact_type: 'prospect',
        tags: ['board', 'gala'],
        phones: [{ number: '+1 555 0199', label: '', primary: true }],
      },
    ]);
    expect(rows[0]?.tags).toContain('imported');
    const errors = await staff.get(`${API}/${firstId}/errors.csv`);
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toContain('text/csv');
    expect(errors.body.trim().split('\n')).toEqual([
      'row,reason',
      '4,email: not a valid e-mail address.',
      '5,"contact_type: one of individual, prospect, volunteer, board_member, company, foundation."',
      '7,email: already in row 2; each contact once per file.',
    ]);
  });

  it('creates nobody when the same file is imported again, or when its job runs twice', async () => {
    const before = await contactCount();
    const again = await importFile(FILE);
    expect(again.plan.planned).toEqual({ create: 0, update: 3, skip: 0 });
    expect(again.done).toMatchObject({ created_count: 0, updated_count: 3, failed_count: 3 });
    // As after a crash before the final stamp: the job runs from the start and finds every contact.
    await ctx.db.execute(sql`UPDATE contact_imports SET status = 'running' WHERE id = ${again.id}`);
    expect(await runContactImport(ctx.db, { npoId, importId: again.id })).toBe('finished');
    expect(await contactCount()).toBe(before);
    const phones = await ctx.db.execute<{ phones: unknown[] }>(sql`
      SELECT cd.phones FROM donors dn JOIN contact_details cd ON cd.donor_id = dn.id
      WHERE dn.npo_id = ${npoId} AND dn.email = 'zoe.imported@example.org'`);
    expect(phones.rows[0]?.phones).toHaveLength(1);
  });

  it('skips matched contacts when asked to, changing nothing on them', async () => {
    const up = ZContactImportResponse.parse(
      (await upload(admin, 'email,last name\ngrace.whitfield@example.org,Skipped\nnew.skiprun@example.org,New')).json(),
    );
    const plan = await admin.post(`${API}/${up.import.id}/preview`, {
      mapping: { email: 'email', last_name: 'last name' },
      on_match: 'skip',
    });
    expect(ZContactImportResponse.parse(plan.json()).planned).toEqual({ create: 1, update: 0, skip: 1 });
    await admin.post(`${API}/${up.import.id}/start`);
    expect(await waitUntilFinished(up.import.id)).toMatchObject({ created_count: 1, skipped_count: 1 });
    const grace = await ctx.db.execute<{ last_name: string }>(
      sql`SELECT last_name FROM donors WHERE npo_id = ${npoId} AND email = 'grace.whitfield@example.org'`,
    );
    expect(grace.rows[0]?.last_name).toBe('Updated-Surname');
  });

  it('refuses files it cannot read, with what to do, and keeps nothing', async () => {
    const count = async () =>
      Number((await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM contact_imports`)).rows[0]?.n);
    const before = await count();
    // Windows-1252 "Zoë": 0xEB is not UTF-8.
    const latin1 = Buffer.from('email,first_name\nzoe@example.org,Zo\xeb\n', 'latin1');
    const utf16 = Buffer.from('\ufeffemail,first_name\nzoe@example.org,Zoe\n', 'utf16le');
    for (const bytes of [latin1, utf16]) {
      const res = await upload(admin, bytes);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('The file is not UTF-8 text: save it as “CSV UTF-8” and upload it again.');
    }
    const headerOnly = await upload(admin, 'email,first_name\n');
    expect(headerOnly.json().message).toBe('The file has no contacts: add a row under the header.');
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1024, 'a@example.org,x\n');
    const tooLarge = await upload(admin, Buffer.concat([Buffer.from('email,name\n'), big]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The file is larger than 5 MB; split it into smaller files.');
    expect(await count()).toBe(before);
  });

  it('asks for the e-mail column when the mapping lacks it or names a column the file does not have', async () => {
    const up = ZContactImportResponse.parse((await upload(admin, 'Name,Phone\nAda,123\n')).json());
    expect(up.suggested_mapping).toEqual({ phone: 'Phone' });
    const noEmail = await admin.post(`${API}/${up.import.id}/preview`, { mapping: { first_name: 'Name' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.body).toContain('Choose the column that holds the e-mail address');
    const wrong = await admin.post(`${API}/${up.import.id}/preview`, { mapping: { email: 'Email' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The file has no column “Email”.');
    const start = await admin.post(`${API}/${up.import.id}/start`);
    expect(start.statusCode).toBe(400);
  });

  it('lets only the admin group import; every dashboard role follows it; another organisation gets 404', async () => {
    expect((await upload(staff, FILE)).statusCode).toBe(403);
    expect((await staff.post(`${API}/${firstId}/preview`, { mapping: MAPPING })).statusCode).toBe(403);
    expect((await staff.post(`${API}/${firstId}/start`)).statusCode).toBe(403);
    expect((await staff.get(`${API}/${firstId}`)).statusCode).toBe(200);
    const manager = await signedIn(ctx, 'manager@kindling.test');
    expect((await upload(manager, 'email\nm@example.org\n')).statusCode).toBe(201);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/${firstId}`)).statusCode).toBe(403);
    for (const path of [`${API}/${firstId}`, `${API}/${firstId}/errors.csv`]) {
      expect((await outsider.get(path)).statusCode, path).toBe(404);
    }
    expect((await outsider.post(`${API}/${firstId}/preview`, { mapping: MAPPING })).statusCode).toBe(404);
    expect((await outsider.post(`${API}/${firstId}/start`)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${API}/${firstId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

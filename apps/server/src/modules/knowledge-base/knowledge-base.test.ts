import { ZKbArticle, ZKbList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin/knowledge_base/articles';

describe('the staff knowledge base', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let outsider: TestClient;

  const search = async (client: TestClient, q?: string) => {
    const answer = await client.get(q === undefined ? API : `${API}?q=${encodeURIComponent(q)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return ZKbList.parse(answer.json()).articles;
  };

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    outsider = (await outsiderOrganisation(ctx, 'kb-outsider@example.org', 'Elsewhere Library')).client;
  });

  it("lists the organisation's own article first, then one built-in article per part of Kindling", async () => {
    const articles = await search(staff);
    expect(articles[0]).toMatchObject({ kind: 'own', title: 'Thanking a first-time donor', area: 'Our articles' });
    const builtIn = articles.filter((a) => a.kind === 'built_in');
    expect(builtIn.length).toBeGreaterThanOrEqual(16);
    expect(builtIn.map((a) => a.area)).toEqual(
      expect.arrayContaining(['Donation forms', 'Payments', 'Crowdfunding', 'Security', 'Reports and Gift Aid']),
    );
    expect(builtIn.every((a) => a.excerpt.length > 20 && a.updated_at === null)).toBe(true);
  });

  it('finds built-in and own articles by words in their title or body, best first', async () => {
    expect((await search(staff, 'refund dispute'))[0]?.key).toBe('payments-and-processors');
    expect((await search(staff, 'two-step verification')).map((a) => a.key)).toContain('security-and-2fa');
    // A word only in the body of the organisation's own article (stemmed: "pantries" finds "pantry").
    const own = await search(staff, 'pantries');
    expect(own.map((a) => [a.kind, a.title])).toEqual([['own', 'Thanking a first-time donor']]);
    expect(await search(staff, 'zebra xylophone')).toEqual([]);
  });

  it('opens an article as sanitised HTML, built-in or own', async () => {
    const guide = ZKbArticle.parse((await staff.get(`${API}/crowdfunding`)).json());
    expect(guide).toMatchObject({ kind: 'built_in', title: 'Crowdfunding', author: null });
    expect(guide.html).toContain('<h3>Updates</h3>');
    const [own] = (await search(staff)).filter((a) => a.kind === 'own');
    const article = ZKbArticle.parse((await staff.get(`${API}/${own?.key}`)).json());
    expect(article.html).toContain('<li>Thank them by name');
    expect(article.author).toBe('Ada Admin');
  });

  it('lets an admin write, edit and delete an article: sanitised, searchable, audited', async () => {
    const created = await admin.post(API, {
      title: '  Opening the warehouse  ',
      body_html:
        '<p>The <strong>alarm code</strong> is with the duty manager.</p><script>alert(1)</script><img src="javascript:x">',
    });
    expect(created.statusCode, created.body).toBe(201);
    const article = ZKbArticle.parse(created.json());
    expect(article).toMatchObject({ kind: 'own', title: 'Opening the warehouse' });
    expect(article.html).toBe('<p>The <strong>alarm code</strong> is with the duty manager.</p><img />');
    expect((await search(staff, 'alarm')).map((a) => a.key)).toEqual([article.key]);

    const edited = await admin.put(`${API}/${article.key}`, {
      title: 'Opening the warehouse',
      body_html: '<p>Ask the forklift lead.</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await search(staff, 'alarm')).toEqual([]);
    expect((await search(staff, 'forklift')).map((a) => a.key)).toEqual([article.key]);

    expect((await admin.request('DELETE', `${API}/${article.key}`)).statusCode).toBe(204);
    expect((await staff.get(`${API}/${article.key}`)).statusCode).toBe(404);
    const { rows } = await ctx.db.execute<{ action: string }>(sql`
      SELECT action FROM audit_log WHERE target_type = 'knowledge_article' AND target_id = ${article.key} ORDER BY id`);
    expect(rows.map((r) => r.action)).toEqual([
      'knowledge_article.created',
      'knowledge_article.updated',
      'knowledge_article.deleted',
    ]);
  });

  it("keeps each organisation's articles to itself", async () => {
    const [own] = (await search(staff)).filter((a) => a.kind === 'own');
    expect(await search(outsider, 'pantries')).toEqual([]);
    expect((await search(outsider)).some((a) => a.kind === 'own')).toBe(false);
    for (const answer of [
      await outsider.get(`${API}/${own?.key}`),
      await outsider.put(`${API}/${own?.key}`, { title: 'Mine now', body_html: '<p>Taken.</p>' }),
      await outsider.request('DELETE', `${API}/${own?.key}`),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('We could not find that article.');
    }
    expect((await staff.get(`${API}/${own?.key}`)).json().title).toBe('Thanking a first-time donor');
    // Outsiders' search still reaches the built-in articles.
    expect((await search(outsider, 'refund')).some((a) => a.key === 'payments-and-processors')).toBe(true);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = (await search(staff)).length;
    const cases: Array<[TestClient, 'POST' | 'GET', string, object | undefined, number, string]> = [
      [admin, 'POST', API, { title: ' ', body_html: '<p>Text</p>' }, 400, 'Give the article a title.'],
      [
        admin,
        'POST',
        API,
        { title: 'x'.repeat(161), body_html: '<p>Text</p>' },
        400,
        'A title has at most 160 characters.',
      ],
      [admin, 'POST', API, { title: 'Empty', body_html: '<p> </p><script>x</script>' }, 400, 'Write the article.'],
      [admin, 'POST', API, { title: 'No body' }, 400, 'Write the article.'],
      [staff, 'GET', `${API}?q=${'a'.repeat(201)}`, undefined, 400, 'Search for at most 200 characters.'],
      [staff, 'GET', `${API}/no-such-article`, undefined, 404, 'We could not find that article.'],
      [staff, 'GET', `${API}/Bad%20Key`, undefined, 400, 'We could not find that article.'],
    ];
    for (const [client, method, url, body, status, message] of cases) {
      const answer = await client.request(method, url, body === undefined ? {} : { body });
      expect([url, answer.statusCode], answer.body).toEqual([url, status]);
      expect(answer.body).toContain(message);
    }
    expect((await search(staff)).length).toBe(before);
    expect((await staff.post(API, { title: 'Staff note', body_html: '<p>Hi</p>' })).statusCode).toBe(403);
  });
});

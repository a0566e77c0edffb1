// Rendering: merge values fill the template, escaped in the HTML part only; the campaign's receipt
// template wins over the organisation's, which wins over the default.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queriesDuring } from '../../../test/pool-queries.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { upsertTemplate } from './email-templates.repository.ts';
import { renderEmail } from './index.ts';
import { prepareTemplate } from './template-source.ts';

const ctx = useTestApp();

async function ids() {
  const [riverside] = await ctx.db.select().from(npos).where(eq(npos.slug, 'riverside-food-bank'));
  const [northern] = await ctx.db.select().from(npos).where(eq(npos.slug, 'northern-lights-rescue'));
  if (!riverside || !northern) throw new Error('demo organisations missing');
  const own = await ctx.db.select().from(campaigns).where(eq(campaigns.npoId, riverside.id));
  const [spring, summer] = [
    own.find((c) => c.name === 'Spring Appeal'),
    own.find((c) => c.name === 'Summer Lunch Club'),
  ];
  if (!spring || !summer) throw new Error('demo campaigns missing');
  return { npoId: riverside.id, otherNpoId: northern.id, spring: spring.id, summer: summer.id };
}

async function save(
  key: { npoId: number; kind: 'receipt' | 'failed_charge'; campaignId: number | null },
  subject: string,
  html: string,
) {
  const prepared = prepareTemplate(key.kind, { subject, html });
  if ('problems' in prepared) throw new Error(JSON.stringify(prepared.problems));
  const [admin] = await ctx.db.query.users.findMany({ limit: 1 });
  await upsertTemplate(ctx.db, key, prepared.template, admin?.id ?? 1);
}

describe('renderEmail', () => {
  it('renders the default receipt with the merge values, escaped in the HTML part only', async () => {
    const { npoId } = await ids();
    const email = await renderEmail(ctx.db, {
      npoId,
      kind: 'receipt',
      values: {
        donor_first_name: 'Tom <b>&</b> "Jerry"',
        organisation_name: 'Riverside Food Bank',
        amount: '$50.00',
        receipt_number: '1-000007',
        portal_url: 'https://kindling.test/portal/abc?plan=2&x=1',
      },
    });
    expect(email.subject).toBe('Your receipt from Riverside Food Bank (1-000007)');
    expect(email.html).toContain('Dear Tom &lt;b&gt;&amp;&lt;/b&gt; &quot;Jerry&quot;,');
    expect(email.html).not.toContain('<b>&</b>');
    expect(email.html).toContain('href="https://kindling.test/portal/abc?plan=2&amp;x=1"');
    expect(email.html.startsWith('<!doctype html>')).toBe(true);
    expect(email.text).toContain('Dear Tom <b>&</b> "Jerry",');
    expect(email.text).toContain('Thank you for your gift of $50.00 to Riverside Food Bank.');
    expect(email.text).toContain('(https://kindling.test/portal/abc?plan=2&x=1)');
  });

  it('greets a donor without a first name as friend, and renders another missing value as nothing', async () => {
    const { npoId } = await ids();
    const email = await renderEmail(ctx.db, {
      npoId,
      kind: 'failed_charge',
      values: { amount: '£5.00', donor_first_name: ' ' },
    });
    expect(email.text.startsWith('Dear friend,')).toBe(true);
    expect(email.text).toContain('We could not charge your  gift of £5.00 to .');
    expect(email.subject).toBe('Your gift to could not be charged');
  });

  it('uses the campaign receipt template, else the organisation one, else the default, per organisation', async () => {
    const { npoId, otherNpoId, spring, summer } = await ids();
    await save(
      { npoId, kind: 'receipt', campaignId: null },
      'Thanks {{donor_first_name}}!',
      '<p>Organisation wide {{amount}}</p><p><a href="{{portal_url}}">Your gifts</a></p>',
    );
    await save(
      { npoId, kind: 'receipt', campaignId: spring },
      'Spring thanks, {{donor_first_name}}',
      '<p>Spring {{campaign_name}}</p><p><a href="{{portal_url}}">Your gifts</a></p>',
    );
    const values = { donor_first_name: 'Ada', amount: '$5.00', campaign_name: 'Spring Appeal' };
    const fromCampaign = await renderEmail(ctx.db, { npoId, campaignId: spring, kind: 'receipt', values });
    const fromOrganisation = await renderEmail(ctx.db, { npoId, campaignId: summer, kind: 'receipt', values });
    const noCampaign = await renderEmail(ctx.db, { npoId, kind: 'receipt', values });
    const otherOrganisation = await renderEmail(ctx.db, {
      npoId: otherNpoId,
      campaignId: spring,
      kind: 'receipt',
      values,
    });
    expect(fromCampaign.subject).toBe('Spring thanks, Ada');
    expect(fromCampaign.text).toContain('Spring Spring Appeal');
    expect(fromOrganisation.subject).toBe('Thanks Ada!');
    expect(fromOrganisation.text).toContain('Organisation wide $5.00');
    expect(noCampaign.subject).toBe('Thanks Ada!');
    expect(otherOrganisation.subject).toBe('Your receipt from ()');
  });

  it('finds the template that applies in one query', async () => {
    const { npoId, spring } = await ids();
    const values = { donor_first_name: 'Ada', amount: '$5.00', portal_url: 'https://kindling.test/portal/x' };
    const { result, queries } = await queriesDuring(ctx.db, () =>
      renderEmail(ctx.db, { npoId, campaignId: spring, kind: 'receipt', values }),
    );
    expect(result.subject).not.toBe('');
    expect(queries).toHaveLength(1);
  });
});

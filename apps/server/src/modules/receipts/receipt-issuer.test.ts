// Receipts print the issuer as the organisation profile states it (docs/product/organisation-profile.md):
// legal name, identifiers, address, signatory and footer, set through the profile route.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { renderDonationReceipt } from './index.ts';

const PROFILE = '/api/v1/npo_admin/organisation_profile';
const ctx = useTestApp();

describe('receipts', () => {
  it('print the legal name, charity identifiers, address, signatory and footer of the profile', async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const { logo_url: _l, receipt_signature_url: _s, has_gifts: _g, ...profile } = (await admin.get(PROFILE)).json();
    const saved = await admin.put(PROFILE, {
      ...profile,
      receipt_signatory_name: 'Jo Treasurer',
      receipt_signatory_title: 'Treasurer',
      ein: '55-1234567',
      receipt_footer: 'Thank you, neighbours.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { rows } = await ctx.db.execute<{ id: number; npo_id: number }>(
      sql`SELECT d.id, d.npo_id FROM donations d JOIN npos n ON n.id = d.npo_id
          WHERE n.slug = 'riverside-food-bank' AND d.status = 'succeeded' ORDER BY d.id LIMIT 1`,
    );
    const gift = rows[0];
    if (!gift) throw new Error('no demo gift');
    const receipt = await renderDonationReceipt(ctx.db, Number(gift.npo_id), Number(gift.id));
    if (!receipt) throw new Error('no receipt');
    const text = pdfText(receipt.pdf);
    expect(text).toContain('Riverside Community Food Bank, Inc.');
    expect(text).toContain('EIN: 55-1234567');
    expect(text).toContain('120 Water Street');
    expect(text).toContain('Jo Treasurer');
    expect(text).toContain('Treasurer');
    expect(text).toContain('Thank you, neighbours.');
  });
});

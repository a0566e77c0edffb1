// The demo organisations' profiles (docs/product/organisation-profile.md): legal names, addresses,
// charity numbers, a receipt signatory and a logo, so receipts and the shell look finished.
import fs from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { npos } from '../modules/organisations/organisations.tables.ts';
import type { Db } from '../platform/db/client.ts';
import { databaseFileStore } from '../platform/files/file-store.ts';
import { sourcePath } from '../platform/server-root.ts';

type DemoProfile = Partial<typeof npos.$inferInsert> & { logo: string };

const PROFILES: Record<string, DemoProfile> = {
  'riverside-food-bank': {
    legalName: 'Riverside Community Food Bank, Inc.',
    addressLine1: '120 Water Street',
    addressLine2: 'Suite 4',
    city: 'Hudson',
    region: 'NY',
    postcode: '12534',
    country: 'US',
    ein: '12-3456789',
    website: 'https://riverside-food-bank.example.org',
    contactEmail: 'hello@riverside-food-bank.example.org',
    receiptSignatoryName: 'Dana Rivers',
    receiptSignatoryTitle: 'Executive Director',
    receiptFooter:
      'Riverside Community Food Bank, Inc. is a 501(c)(3) tax-exempt organisation. Your gift is tax-deductible to the extent allowed by law.',
    logo: 'riverside-logo.png',
  },
  'northern-lights-rescue': {
    legalName: 'Northern Lights Animal Rescue CIO',
    addressLine1: '7 Aurora Lane',
    addressLine2: '',
    city: 'Inverness',
    region: 'Highland',
    postcode: 'IV2 3AB',
    country: 'GB',
    ukCharityNumber: 'SC045123',
    hmrcReference: 'SC45123',
    website: 'https://northern-lights-rescue.example.org',
    contactEmail: 'care@northern-lights-rescue.example.org',
    receiptSignatoryName: 'Ailsa MacLeod',
    receiptSignatoryTitle: 'Chair of Trustees',
    receiptFooter: 'Northern Lights Animal Rescue is a Scottish charitable incorporated organisation, SC045123.',
    logo: 'northern-lights-logo.png',
  },
};

const asset = (name: string) => fs.readFile(sourcePath('seed', 'assets', name));

/** Fills a demo organisation's profile while its legal name is empty: an edited profile stays. */
export async function seedProfiles(db: Db, npoIds: Map<string, number>): Promise<void> {
  const files = databaseFileStore(db);
  const signature = await asset('demo-signature.png');
  for (const [slug, { logo, ...profile }] of Object.entries(PROFILES)) {
    const npoId = npoIds.get(slug);
    if (!npoId) continue;
    const logoKey = `${npoId}/organisation/logo-demo.png`;
    const signatureKey = `${npoId}/organisation/signature-demo.png`;
    await files.put({ key: logoKey, npoId, contentType: 'image/png', content: await asset(logo) });
    await files.put({ key: signatureKey, npoId, contentType: 'image/png', content: signature });
    await db
      .update(npos)
      .set({ ...profile, logoUrl: `/uploads/${logoKey}`, receiptSignatureUrl: `/uploads/${signatureKey}` })
      .where(and(eq(npos.id, npoId), eq(npos.legalName, '')));
  }
}

// How an organisation names itself on what it issues to donors: receipts and annual statements
// print the same block from its profile (docs/product/organisation-profile.md).

/** The profile's part that says who issues a document; empty strings are left out. */
export type IssuerProfile = {
  legalName: string;
  address: { line1: string; line2: string; city: string; region: string; postcode: string; country: string };
  ein: string;
  ukCharityNumber: string;
  hmrcReference: string;
  otherTaxIds: string;
  website: string;
  contactEmail: string;
};

export type IssuerLine = { label: string; value: string };
/** The legal name, its address and contact lines, its identifiers. */
export type IssuerBlock = { name: string; lines: string[]; identifiers: IssuerLine[] };

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The block for `profile`; without one (or without a legal name) the organisation's own name. */
export function issuerBlock(organisation: string, profile: IssuerProfile | undefined): IssuerBlock {
  if (!profile) return { name: organisation, lines: [], identifiers: [] };
  const a = profile.address;
  const cityLine = [a.city, a.region, a.postcode].filter(Boolean).join(', ');
  const lines = [
    a.line1,
    a.line2,
    cityLine,
    a.country ? (regionNames.of(a.country) ?? a.country) : '',
    profile.website,
    profile.contactEmail,
  ];
  const identifiers: IssuerLine[] = [
    { label: 'EIN', value: profile.ein },
    { label: 'Registered charity number', value: profile.ukCharityNumber },
    { label: 'HMRC charity reference', value: profile.hmrcReference },
    { label: 'Registration', value: profile.otherTaxIds },
  ];
  return {
    name: profile.legalName || organisation,
    lines: lines.filter(Boolean),
    identifiers: identifiers.filter((l) => l.value),
  };
}

/** The columns of npos `n` an IssuerProfile is read from (issuerProfileOf). */
export const ISSUER_COLUMNS = `n.legal_name, n.address_line1, n.address_line2, n.city, n.region, n.postcode, n.country,
  n.ein, n.uk_charity_number, n.hmrc_reference, n.other_tax_ids, n.website, n.contact_email`;

/** An IssuerProfile from a row that selected ISSUER_COLUMNS. */
export function issuerProfileOf(r: Record<string, unknown>): IssuerProfile {
  const text = (key: string) => String(r[key] ?? '');
  return {
    legalName: text('legal_name'),
    address: {
      line1: text('address_line1'),
      line2: text('address_line2'),
      city: text('city'),
      region: text('region'),
      postcode: text('postcode'),
      country: text('country'),
    },
    ein: text('ein'),
    ukCharityNumber: text('uk_charity_number'),
    hmrcReference: text('hmrc_reference'),
    otherTaxIds: text('other_tax_ids'),
    website: text('website'),
    contactEmail: text('contact_email'),
  };
}

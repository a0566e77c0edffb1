/**
 * Addresses the public site links to outside the app. They belong to whoever runs this copy of
 * Kindling, so they live in one place to change; the defaults use reserved example domains rather than
 * pretending to be someone's real inbox.
 */
export const SITE = {
  name: 'Kindling',
  tagline: 'Open-source fundraising for non-profit organisations.',
  contactEmail: 'hello@kindling.example',
  salesEmail: 'sales@kindling.example',
  securityEmail: 'security@kindling.example',
  pressEmail: 'press@kindling.example',
  sourceCode: 'https://github.com/kindling-fundraising/kindling',
  social: [
    { label: 'Kindling on GitHub', short: 'GitHub', href: 'https://github.com/kindling-fundraising/kindling' },
    { label: 'Kindling on Mastodon', short: 'Mastodon', href: 'https://mastodon.social/@kindling' },
    { label: 'Kindling on LinkedIn', short: 'LinkedIn', href: 'https://www.linkedin.com/company/kindling-fundraising' },
  ],
} as const;

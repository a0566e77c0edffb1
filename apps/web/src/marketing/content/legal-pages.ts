import { SITE } from '../site-config.ts';
import type { InfoPageContent } from './types.ts';

export const LEGAL_PAGES: Record<string, InfoPageContent> = {
  '/security': {
    eyebrow: 'Security',
    title: 'Security at Kindling',
    lead: 'Donors trust you with their payment details and you trust us with your donors. Here is how Kindling protects both.',
    sections: [
      {
        heading: 'Payments',
        paragraphs: [
          'Card numbers never touch Kindling’s servers: they go straight to Stripe or PayPal over 256-bit SSL. Kindling never trusts an amount or a status sent by a browser and always checks the payment with the processor.',
        ],
      },
      {
        heading: 'Accounts',
        paragraphs: [
          'Passwords are stored with Argon2id. Two-factor sign-in with an authenticator app and single-use backup codes is available to every user, and repeated failed attempts are slowed down. Each request only sees the data of the organisation it was made for.',
        ],
      },
      {
        heading: 'Reporting a vulnerability',
        paragraphs: [
          `Please email ${SITE.securityEmail} with the details. We acknowledge reports within two working days and credit researchers who ask us to.`,
        ],
      },
    ],
    links: [
      { label: 'Compliance', to: '/compliance' },
      { label: 'Privacy', to: '/privacy' },
    ],
  },
  '/compliance': {
    eyebrow: 'Compliance',
    title: 'Compliance',
    lead: 'Kindling is built to help organisations meet their obligations to donors, regulators and auditors.',
    sections: [
      {
        heading: 'Standards',
        paragraphs: [
          'Our hosted service follows SOC 2 practices for access control, change management and monitoring. Card payments are handled by PCI DSS Level 1 processors, so card data stays out of your systems and ours.',
        ],
      },
      {
        heading: 'Records you can audit',
        paragraphs: [
          'Donations are never deleted: refunds and disputes are recorded as new entries with their dates. Changes to donations, donors, settings and roles are kept in an audit log.',
        ],
      },
    ],
    links: [
      { label: 'Security', to: '/security' },
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
    ],
  },
  '/terms': {
    eyebrow: 'Legal',
    title: 'Terms of service',
    lead: 'These terms cover the hosted Kindling service. If you run Kindling yourself, the GNU Affero General Public License governs the software instead.',
    sections: [
      {
        heading: 'Using the service',
        paragraphs: [
          'You may use Kindling to raise money for lawful purposes of your organisation. You are responsible for the accuracy of your campaigns, for the receipts you issue and for keeping your team’s sign-in details secure.',
        ],
      },
      {
        heading: 'Payments',
        paragraphs: [
          'Payments are processed by Stripe or PayPal under your own agreement with them. Kindling does not hold your funds.',
        ],
      },
      {
        heading: 'Ending the service',
        paragraphs: [
          'You can export your data and close your account at any time. We will give at least 30 days’ notice before any change to these terms that affects you.',
        ],
      },
    ],
    links: [
      { label: 'Privacy', to: '/privacy' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  '/privacy': {
    eyebrow: 'Legal',
    title: 'Privacy policy',
    lead: 'Organisations that use Kindling control their donors’ data; we process it only to provide the service. This page explains what that means in practice.',
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'For donors: name, email, address when given, and the history of their gifts. For staff: name, email, role and sign-in records. We never sell personal data or use it for advertising.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'Donors can ask the organisation they gave to for a copy of their data or for its deletion. Gifts themselves are kept, without personal details, for as long as accounting law requires.',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'Kindling uses one session cookie to keep you signed in and one security cookie that protects forms. It sets no tracking cookies.',
        ],
      },
    ],
    links: [
      { label: 'Terms', to: '/terms' },
      { label: 'Security', to: '/security' },
      { label: 'Contact', to: '/contact' },
    ],
  },
};

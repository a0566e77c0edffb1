import { SITE } from '../site-config.ts';
import type { InfoPageContent } from './types.ts';

export const SUPPORT_PAGES: Record<string, InfoPageContent> = {
  '/help': {
    eyebrow: 'Help centre',
    title: 'How can we help?',
    lead: 'Quick answers to the questions organisations and donors ask most. If yours is not here, the contact page tells you who to ask.',
    sections: [
      {
        heading: 'Signing in',
        paragraphs: [
          'Forgot your password? Use "Forgot password?" on the sign-in page and we will email you a link that works once and expires after an hour. Lost your authenticator phone? Sign in with one of the backup codes you saved when you turned on two-factor authentication.',
        ],
      },
      {
        heading: 'Donations and receipts',
        paragraphs: [
          'Donors receive a receipt by email as soon as a payment succeeds. Donors with a recurring gift can change, pause or cancel it from the link in any receipt.',
        ],
      },
      {
        heading: 'Your team',
        paragraphs: [
          'Administrators invite colleagues and choose their roles. If a page says you are not authorised, ask an administrator of your organisation to change your role.',
        ],
      },
    ],
    links: [
      // The staff knowledge base inside the product (docs/product/knowledge-base.md); signing in leads there.
      { label: 'Knowledge base for your team', to: '/dashboard/crm/knowledge-base' },
      { label: 'Documentation', to: '/documentation' },
      { label: 'Contact us', to: '/contact' },
    ],
  },
  '/documentation': {
    eyebrow: 'Documentation',
    title: 'Documentation',
    lead: 'How to install, configure and run Kindling, for the people who look after your installation.',
    sections: [
      {
        heading: 'Install',
        paragraphs: [
          'Kindling needs Node.js 20 or newer. Clone the repository and run npm start: it installs what it needs, builds the web app, starts a built-in PostgreSQL database, applies migrations and serves everything on one port.',
        ],
      },
      {
        heading: 'Configure',
        paragraphs: [
          'Set DATABASE_URL to use your own PostgreSQL server, SMTP_URL to send real email, and your Stripe or PayPal keys to take live payments. Without keys, the built-in sandbox processor lets you test every flow.',
        ],
      },
      {
        heading: 'Operate',
        paragraphs: [
          'The server reports whether it is up at /healthz and whether it is ready for traffic at /readyz. Set DATA_DIR to choose where the built-in database and a copy of outgoing mail are kept; uploads are kept in the database.',
        ],
      },
      {
        heading: 'Automate with the API',
        paragraphs: [
          'Everything the Kindling app does goes through the same HTTP API, so anything you can do on screen you can automate. The API reference lists every call, generated from the same definitions the server checks requests against.',
          'All calls live under /api/v1 and exchange JSON. Money is always an integer number of minor units together with an ISO 4217 currency code. Errors carry a stable code for programs and a message for people.',
          'Browser sessions use a secure cookie, and every request that changes something must echo the csrf_token cookie in the X-CSRF-Token header. Requests only ever see the data of the organisation selected for the session.',
        ],
      },
    ],
    links: [
      { label: 'API reference', to: '/api-reference' },
      { label: 'API documentation guide', to: '/blog/api-documentation-guide' },
      { label: 'Source code', to: SITE.sourceCode },
      { label: 'Security', to: '/security' },
    ],
  },
};

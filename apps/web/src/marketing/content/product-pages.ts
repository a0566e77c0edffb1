import type { InfoPageContent } from './types.ts';

export const PRODUCT_PAGES: Record<string, InfoPageContent> = {
  '/product': {
    eyebrow: 'Product',
    title: 'One platform for every way people give',
    lead: 'Kindling brings donation forms, recurring giving, peer-to-peer fundraising, events, memberships, crowdfunding and a donor CRM together, so your team works from one record of every supporter and every gift.',
    primary: { label: 'Start for free', to: '/signup' },
    sections: [
      {
        heading: 'Built for the way non-profits work',
        paragraphs: [
          'Staff, finance and fundraisers each get the screens their role needs. Administrators manage settings and payment processors, finance staff see reports and payouts, and peer fundraisers get a simple dashboard for their own pages.',
          'Every organisation keeps its data separate. People who work for several organisations switch between them from the top bar without signing out.',
        ],
      },
      {
        heading: 'Money you can trust',
        paragraphs: [
          'Every amount is stored as an exact count of cents (or yen, or won) with its currency, and every refund is a new entry rather than an edit. Reports and receipts add up to the same figures your payment processor shows.',
        ],
      },
    ],
    links: [
      { label: 'See every feature', to: '/features' },
      { label: 'Compare plans', to: '/pricing' },
      { label: 'Try the live demo', to: '/getting-started' },
    ],
  },
  '/features': {
    eyebrow: 'Features',
    title: 'Everything you need to raise more',
    lead: 'From the first donation form to a year of monthly giving, Kindling covers the whole journey of a gift, with the security your donors expect.',
    primary: { label: 'Create your account', to: '/signup' },
    sections: [
      {
        heading: 'Giving',
        paragraphs: ['Forms that work on any phone, in your colours, embedded on your site or on their own page.'],
        bullets: [
          'One-off and recurring donations, with donors choosing how often',
          'Cards, wallets and bank payments: 100+ payment methods in 135+ currencies',
          'Donors can cover the processing fee',
          'Crowdfunding pages with goals, stories and live progress',
          'Peer-to-peer pages and fundraising teams',
          'Events with ticket types, and memberships',
        ],
      },
      {
        heading: 'Relationships',
        paragraphs: ['A CRM designed around donors rather than sales pipelines.'],
        bullets: [
          'Contacts, segments, tasks and a timeline of every communication',
          'Email marketing and automated workflows',
          'AI insights that flag donors likely to lapse and suggest next steps',
        ],
      },
      {
        heading: 'Running the organisation',
        paragraphs: ['Reports, imports and settings that finance and operations teams rely on.'],
        bullets: [
          'Income and payout reports with export',
          'Spreadsheet imports of donors and past gifts',
          'Team roles, two-factor sign-in and an audit log',
          'Live notifications when gifts arrive',
        ],
      },
    ],
    links: [
      { label: 'Pricing', to: '/pricing' },
      { label: 'Resources', to: '/resources' },
      { label: 'Security', to: '/security' },
    ],
  },
  '/pricing': {
    eyebrow: 'Pricing',
    title: 'Simple pricing for organisations of every size',
    lead: 'Kindling is open-source software. You can run it yourself for free, forever, with every feature included. You only pay your payment processor for the transactions it handles.',
    primary: { label: 'Get started free', to: '/signup' },
    sections: [
      {
        heading: 'Community: free',
        paragraphs: [
          'Install Kindling on your own server or cloud account. All features, unlimited campaigns, unlimited donors and unlimited team members. Licensed under the GNU AGPL.',
        ],
      },
      {
        heading: 'Managed hosting: talk to us',
        paragraphs: [
          'Prefer not to run servers? We can host, update and back up Kindling for you, with support agreements that suit your board. Prices depend on your volume and the help you need.',
        ],
      },
      {
        heading: 'Processing fees',
        paragraphs: [
          'Card and wallet payments are charged by Stripe or PayPal at the rate agreed in your own account with them. Kindling adds no percentage on top, and donors can choose to cover the fee.',
        ],
      },
    ],
    links: [
      { label: 'Contact sales', to: '/sales-contact' },
      { label: 'See features', to: '/features' },
      { label: 'Read the documentation', to: '/documentation' },
    ],
  },
  '/resources': {
    eyebrow: 'Resources',
    title: 'Guides to help you fundraise well',
    lead: 'Practical material for fundraisers, finance teams and developers: how to plan a campaign, keep donors giving and connect Kindling to the rest of your tools.',
    primary: { label: 'Read the fundraising guide', to: '/resources/fundraising-guide' },
    sections: [
      {
        heading: 'Start here',
        paragraphs: [
          'New to Kindling? The getting-started page walks through the demo accounts so you can see each role, and the help centre answers the common questions about payments, receipts and team access.',
        ],
      },
      {
        heading: 'From the blog',
        paragraphs: [
          'Our playbooks on campaign strategy and donor engagement collect what works for organisations raising their first thousand or their first million.',
        ],
      },
    ],
    links: [
      { label: 'Getting started', to: '/getting-started' },
      { label: 'Knowledge base', to: '/knowledge-base' },
      { label: 'Blog', to: '/blog' },
      { label: 'Case studies', to: '/case-studies' },
    ],
  },
  '/resources/fundraising-guide': {
    eyebrow: 'Resources',
    title: 'The fundraising guide',
    lead: 'A campaign that raises well is planned before it is launched and followed up after it closes. This guide covers the three stages in the order you will meet them.',
    sections: [
      {
        heading: '1. Plan',
        paragraphs: [
          'Pick one concrete outcome donors can picture, such as "a month of meals for 40 families", and a goal that matches it. Decide the suggested amounts: three options, with the middle one the amount you most want, work better than a blank field.',
        ],
      },
      {
        heading: '2. Launch',
        paragraphs: [
          'Ask your closest supporters first so the page never shows zero. Then share widely: email, social posts and peer fundraisers who ask their own friends. Offer a monthly option on every form; over a year, monthly donors usually give more than one-off donors.',
        ],
      },
      {
        heading: '3. Follow up',
        paragraphs: [
          'Thank every donor within two days, and tell them what their gift achieved when the campaign closes. Donors who hear back are far more likely to give again.',
        ],
      },
    ],
    links: [
      { label: 'Advanced campaign strategies', to: '/blog/advanced-campaign-strategies' },
      { label: 'Donor engagement playbook', to: '/blog/donor-engagement-playbook' },
      { label: 'All resources', to: '/resources' },
    ],
  },
  '/case-studies': {
    eyebrow: 'Case studies',
    title: 'How organisations use Kindling',
    lead: 'Three common patterns we designed Kindling around. Each describes a typical organisation rather than a named customer.',
    sections: [
      {
        heading: 'A food bank moving donors to monthly giving',
        paragraphs: [
          'A local food bank relied on a December appeal. By adding a monthly option to every form and thanking new monthly donors with a short video, it turned one busy month into steady income it can plan deliveries around.',
        ],
      },
      {
        heading: 'A school running a fun run with peer fundraising',
        paragraphs: [
          'Parents and pupils each create a page for the run and form class teams. The school sees every team on one leaderboard and sends receipts automatically.',
        ],
      },
      {
        heading: 'A charity with finance and fundraising in one place',
        paragraphs: [
          'Finance staff see income reports and payouts while the fundraising team works with donors, each with the access their role needs, so spreadsheets no longer travel by email.',
        ],
      },
    ],
    links: [
      { label: 'See features', to: '/features' },
      { label: 'Try the live demo', to: '/getting-started' },
    ],
  },
  '/knowledge-base': {
    eyebrow: 'Knowledge base',
    title: 'Knowledge base',
    lead: 'Answers to the questions organisations ask most when they set up and run Kindling.',
    sections: [
      {
        heading: 'Setting up',
        paragraphs: [
          'Create your organisation, connect Stripe or PayPal under Payment processors, then create your first campaign. Until a processor is connected, Kindling uses its built-in sandbox so you can test the whole flow with test card numbers.',
        ],
      },
      {
        heading: 'Your team and security',
        paragraphs: [
          'Invite colleagues under Team and give each a role: administrators manage settings, finance staff see money and reports, staff use the dashboard. Turn on two-factor sign-in under Account; backup codes let you in if you lose your phone.',
        ],
      },
    ],
    links: [
      { label: 'Help centre', to: '/help' },
      { label: 'Documentation', to: '/documentation' },
      { label: 'Fundraising guide', to: '/resources/fundraising-guide' },
    ],
  },
};

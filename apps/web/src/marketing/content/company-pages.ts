import { SITE } from '../site-config.ts';
import type { InfoPageContent } from './types.ts';

export const COMPANY_PAGES: Record<string, InfoPageContent> = {
  '/about': {
    eyebrow: 'About',
    title: 'Fundraising software that belongs to the people who use it',
    lead: 'Kindling started from a simple observation: small non-profits pay a large share of their donations to software they cannot change or leave. We build a complete fundraising platform and give it away as open source.',
    sections: [
      {
        heading: 'What we believe',
        paragraphs: [
          'Donations should reach the cause. Donor data belongs to the organisation that earned the donor’s trust. And good tools should not be reserved for charities with large budgets.',
        ],
      },
      {
        heading: 'How we work',
        paragraphs: [
          'Kindling is developed in the open. Anyone can read the code, suggest changes or run their own copy. Organisations that want us to host it for them pay for that service, which funds the work.',
        ],
      },
    ],
    links: [
      { label: 'Careers', to: '/careers' },
      { label: 'Press', to: '/press' },
      { label: 'Source code', to: SITE.sourceCode },
    ],
  },
  '/careers': {
    eyebrow: 'Careers',
    title: 'Work on software that helps good causes grow',
    lead: 'We are a small, remote team of engineers, designers and former fundraisers. We hire rarely and carefully, and we publish every opening here first.',
    sections: [
      {
        heading: 'Open positions',
        paragraphs: [
          'There are no open positions right now. If you would like to help, contributions to the open-source project are the best introduction: many of our colleagues started that way.',
        ],
      },
      {
        heading: 'How we hire',
        paragraphs: [
          'One conversation about your experience, one paid piece of real work, and one conversation with the team. We reply to every application.',
        ],
      },
    ],
    links: [
      { label: 'About us', to: '/about' },
      { label: 'Contribute on GitHub', to: SITE.sourceCode },
    ],
  },
  '/press': {
    eyebrow: 'Press',
    title: 'Press and media',
    lead: 'Kindling is an open-source fundraising platform for non-profit organisations: donation forms, recurring giving, peer-to-peer fundraising, events and a donor CRM.',
    sections: [
      {
        heading: 'Logos and brand',
        paragraphs: [
          'Our text logo and square logo are available in several sizes and colour variants on the logo page. Please do not alter the flame mark or its colours.',
        ],
      },
      {
        heading: 'Media enquiries',
        paragraphs: [`Journalists can reach us at ${SITE.pressEmail}. We usually reply within one working day.`],
      },
    ],
    links: [
      { label: 'Logo assets', to: '/logos' },
      { label: 'Email the press team', to: `mailto:${SITE.pressEmail}` },
      { label: 'About Kindling', to: '/about' },
    ],
  },
  '/contact': {
    eyebrow: 'Contact',
    title: 'Get in touch',
    lead: 'Tell us what you need and we will point you to the right person. Most questions are already answered in the help centre.',
    sections: [
      {
        heading: 'Support for your organisation',
        paragraphs: [
          'If you already use Kindling, start with the help centre. If something is not working, email us with your organisation’s name and what you were trying to do.',
        ],
      },
      {
        heading: 'Everything else',
        paragraphs: [
          `For hosting, partnerships or anything else, write to ${SITE.contactEmail}. Security reports go to ${SITE.securityEmail}.`,
        ],
      },
    ],
    primary: { label: 'Email us', to: `mailto:${SITE.contactEmail}` },
    links: [
      { label: 'Help centre', to: '/help' },
      { label: 'Talk to sales', to: '/sales-contact' },
      { label: 'Security', to: '/security' },
    ],
  },
  '/sales-contact': {
    eyebrow: 'Sales',
    title: 'Talk to our team about managed hosting',
    lead: 'If you would rather not run servers, we can host, update and back up Kindling for your organisation and help you move from your current platform.',
    sections: [
      {
        heading: 'What to include',
        paragraphs: [
          'Your organisation’s name and country, roughly how many donations you receive a year, the platform you use today, and when you would like to switch. We reply within two working days with a proposal.',
        ],
      },
      {
        heading: 'Migrating from another platform',
        paragraphs: [
          'Kindling imports donors, past donations and recurring plans from spreadsheets, so monthly donors keep giving without filling in a form again.',
        ],
      },
    ],
    primary: { label: 'Email sales', to: `mailto:${SITE.salesEmail}` },
    links: [
      { label: 'Pricing', to: '/pricing' },
      { label: 'Try the live demo', to: '/getting-started' },
    ],
  },
};

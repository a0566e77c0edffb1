import type { InfoPageContent } from './types.ts';

const SIGN_IN = { label: 'Sign in', to: '/login' };
const HELP = { label: 'Help centre', to: '/help' };

/** Pages people land on during a flow: payment-account onboarding, after a gift, after leaving. */
export const FLOW_PAGES: Record<string, InfoPageContent> = {
  '/start': {
    eyebrow: 'Payments',
    title: 'Connect your payment account',
    lead: 'To accept donations, your organisation connects its own Stripe or PayPal account to Kindling. The money goes straight to your account; Kindling never holds it.',
    sections: [
      {
        heading: 'What you will need',
        paragraphs: [
          'Your organisation’s legal name and registration number, a bank account for payouts, and the details of one person who can act for the organisation. It takes about ten minutes.',
        ],
      },
    ],
    primary: { label: 'Sign in to connect', to: '/login' },
    links: [HELP, { label: 'Pricing and fees', to: '/pricing' }],
  },
  '/return': {
    eyebrow: 'Payments',
    title: 'Welcome back',
    lead: 'You have returned from your payment provider. If you finished every step, your account is being checked; this usually takes a few minutes and sometimes a day or two.',
    sections: [
      {
        heading: 'What happens next',
        paragraphs: [
          'The Payment processors page of your settings shows whether your account can accept donations and receive payouts. If the provider needs more information, it will say so there.',
        ],
      },
    ],
    primary: { label: 'Sign in to check the status', to: '/login' },
    links: [HELP],
  },
  '/reauth': {
    eyebrow: 'Payments',
    title: 'Your connection link expired',
    lead: 'Links to the payment provider’s onboarding only work for a short time. Start again from your settings and you will pick up where you left off; nothing you entered is lost.',
    sections: [],
    primary: { label: 'Sign in and try again', to: '/login' },
    links: [HELP],
  },
  '/onboarding': {
    eyebrow: 'Getting started',
    title: 'Set up your organisation',
    lead: 'Four steps take you from a new account to your first donation: create your organisation, connect a payment processor, create a campaign and share it.',
    sections: [
      {
        heading: 'The steps',
        paragraphs: ['Each step is saved as you go, so you can stop and come back at any time.'],
        bullets: [
          'Create your account and your organisation',
          'Connect Stripe or PayPal (or test with the built-in sandbox)',
          'Create a donation campaign with your amounts and colours',
          'Share the link or embed the form on your website',
        ],
      },
    ],
    primary: { label: 'Create your account', to: '/signup' },
    links: [SIGN_IN, { label: 'Fundraising guide', to: '/resources/fundraising-guide' }],
  },
  '/success': {
    eyebrow: 'Thank you',
    title: 'Thank you for your gift',
    lead: 'Your payment went through. A receipt is on its way to your inbox; keep it for your tax records.',
    sections: [
      {
        heading: 'Changed your mind?',
        paragraphs: [
          'If you set up a recurring gift, the link in your receipt lets you change the amount, pause it or cancel it at any time.',
        ],
      },
    ],
    links: [HELP, { label: 'About Kindling', to: '/about' }],
  },
  '/goodbye': {
    eyebrow: 'Goodbye',
    title: 'Sorry to see you go',
    lead: 'Your request has been completed. If you closed an account, its personal details are removed; records of donations are kept without them, as accounting law requires.',
    sections: [],
    links: [{ label: 'Back to the home page', to: '/' }, SIGN_IN],
  },
  '/subscriptions': {
    eyebrow: 'Donors',
    title: 'Manage your recurring gifts',
    lead: 'Every receipt for a recurring gift contains a personal link to manage it. Open that link to change the amount, update your card, pause or cancel.',
    sections: [
      {
        heading: 'Can’t find the email?',
        paragraphs: [
          'Search your inbox for the name of the organisation you give to, or contact the organisation directly: they can send you a new link.',
        ],
      },
    ],
    links: [HELP, { label: 'Privacy', to: '/privacy' }],
  },
  '/campaign-referal': {
    eyebrow: 'Campaigns',
    title: 'You were invited to support a campaign',
    lead: 'Someone shared a fundraising campaign with you. Campaign invitations open the campaign’s own page, where you can give or start your own fundraising page for it.',
    sections: [
      {
        heading: 'Link not working?',
        paragraphs: [
          'Invitation links include the campaign’s address. If yours is incomplete, ask the person who invited you to send it again.',
        ],
      },
    ],
    links: [{ label: 'How peer fundraising works', to: '/features' }, HELP],
  },
  '/campaign_page': {
    eyebrow: 'Campaigns',
    title: 'Campaign pages',
    lead: 'Every Kindling campaign has its own public page at its own address, with the donation form, the story behind the appeal and, when the campaign has a goal, its progress.',
    sections: [
      {
        heading: 'Looking for a campaign?',
        paragraphs: [
          'Use the link the organisation shared with you: campaign pages live at addresses like /your-campaign-name. Organisations create and design their pages from the Campaigns area of their dashboard.',
        ],
      },
    ],
    links: [{ label: 'See campaign features', to: '/features' }, SIGN_IN],
  },
  '/peer_campaign_page': {
    eyebrow: 'Campaigns',
    title: 'Peer fundraising pages',
    lead: 'Supporters can raise money for a campaign with a page of their own: their photo, their reason for giving and a goal, all sending gifts to the organisation.',
    sections: [
      {
        heading: 'Starting a page',
        paragraphs: [
          'Open the campaign you want to support and choose to fundraise for it, or accept an invitation from the organisation. You can track what your page raises from your own dashboard.',
        ],
      },
    ],
    links: [{ label: 'Donor engagement playbook', to: '/blog/donor-engagement-playbook' }, SIGN_IN],
  },
};

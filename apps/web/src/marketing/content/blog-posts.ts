import type { InfoPageContent } from './types.ts';

export type BlogPost = InfoPageContent & { path: string; summary: string; minutes: number };

const MORE = [
  { label: 'All posts', to: '/blog' },
  { label: 'Fundraising guide', to: '/resources/fundraising-guide' },
];

export const BLOG_POSTS: BlogPost[] = [
  {
    path: '/blog/getting-started-guide',
    eyebrow: 'Blog · Getting started',
    title: 'Getting started with Kindling in an afternoon',
    summary: 'From a new account to a live donation form, with test payments along the way.',
    minutes: 5,
    lead: 'You can go from nothing to a working donation form in an afternoon. Here is the order that avoids backtracking.',
    sections: [
      {
        heading: 'Create your organisation first',
        paragraphs: [
          'Sign up, then create your organisation with its name and base currency: the currency your reports are kept in. Gifts in other currencies are converted into it for reporting.',
        ],
      },
      {
        heading: 'Test before you connect',
        paragraphs: [
          'Until you connect Stripe or PayPal, Kindling uses its built-in sandbox. Card 4242 4242 4242 4242 succeeds and 4000 0000 0000 0002 is declined, so you can try the donor’s whole journey, receipts included.',
        ],
      },
      {
        heading: 'Then go live',
        paragraphs: [
          'Connect your payment account under Payment processors, check your receipt wording, and share your campaign’s link.',
        ],
      },
    ],
    links: MORE,
  },
  {
    path: '/blog/advanced-campaign-strategies',
    eyebrow: 'Blog · Campaigns',
    title: 'Advanced campaign strategies',
    summary: 'Matched gifts, deadlines and peer teams: three ways to lift a campaign that has stalled.',
    minutes: 7,
    lead: 'Most campaigns raise a burst of gifts at launch and another near the end. These three techniques fill the quiet middle.',
    sections: [
      {
        heading: 'Find a match',
        paragraphs: [
          'Ask a major donor or local business to match gifts up to an amount for one week. "Your gift is doubled until Friday" gives people a reason to act now.',
        ],
      },
      {
        heading: 'Use a real deadline',
        paragraphs: [
          'Tie the campaign to a date that matters, such as the start of winter or a school term, and say what happens if the goal is missed.',
        ],
      },
      {
        heading: 'Let supporters ask for you',
        paragraphs: [
          'Peer fundraising pages reach people your organisation never would. Teams add friendly competition: show a leaderboard and celebrate the leaders.',
        ],
      },
    ],
    links: MORE,
  },
  {
    path: '/blog/donor-engagement-playbook',
    eyebrow: 'Blog · Donors',
    title: 'The donor engagement playbook',
    summary: 'How to thank, update and re-engage donors so that first gifts become lasting support.',
    minutes: 6,
    lead: 'Keeping a donor costs far less than finding a new one. A few habits make the difference between a one-off gift and years of support.',
    sections: [
      {
        heading: 'Thank quickly and personally',
        paragraphs: [
          'Send the receipt at once, then a personal thank-you within two days. For first-time and large gifts, a short phone call is remembered for years.',
        ],
      },
      {
        heading: 'Show the result',
        paragraphs: [
          'Tell donors what their money did, with a photo or a number. Segments let you send the right update to the right people.',
        ],
      },
      {
        heading: 'Notice who is drifting away',
        paragraphs: [
          'A monthly donor whose card failed, or an annual donor who has not given this year, needs a gentle, specific message. Kindling’s insights flag both.',
        ],
      },
    ],
    links: MORE,
  },
  {
    path: '/blog/api-documentation-guide',
    eyebrow: 'Blog · Developers',
    title: 'A guide to the Kindling API',
    summary: 'What you can automate, how requests are authenticated, and how money is represented.',
    minutes: 4,
    lead: 'The Kindling web app uses the same API you can call, so every screen is also something you can automate.',
    sections: [
      {
        heading: 'Money is never a float',
        paragraphs: [
          'Every amount is an integer number of minor units plus a currency code: 1050 with USD is $10.50, and 1050 with JPY is ¥1,050. Convert only when you display.',
        ],
      },
      {
        heading: 'Requests are scoped to one organisation',
        paragraphs: [
          'A session works on the organisation selected for it. Asking for another organisation’s records returns "not found", exactly as if they did not exist.',
        ],
      },
      {
        heading: 'Errors you can program against',
        paragraphs: [
          'Every error response has an HTTP status, a stable code such as INVALID_CREDENTIALS, and a message you can show to people.',
        ],
      },
    ],
    links: [{ label: 'API reference', to: '/api-reference' }, ...MORE],
  },
];

export const BLOG_INDEX: InfoPageContent = {
  eyebrow: 'Blog',
  title: 'The Kindling blog',
  lead: 'Practical writing on fundraising, donor care and running Kindling, from the people who build it.',
  sections: [],
  links: [
    { label: 'Resources', to: '/resources' },
    { label: 'Press', to: '/press' },
  ],
};

import { GUIDE_LINK, HELP_LINK, HOME_LINK, type PageEntry } from './page-entry.ts';

const fundraising = (entry: Omit<PageEntry, 'section'>): PageEntry => ({ section: 'Fundraising', ...entry });
const crm = (entry: Omit<PageEntry, 'section'>): PageEntry => ({ section: 'CRM', ...entry });

/** Frames of the non-profit dashboard (docs/product/sign-in.md#route-access), keyed by route pattern. */
export const DASHBOARD_PAGES: Record<string, PageEntry> = {
  '/dashboard/home': {
    section: 'Dashboard',
    title: 'Home',
    description: "Your organisation's fundraising at a glance: money raised, donors, recurring giving and campaigns.",
    emptyTitle: 'Charts are on their way',
    related: GUIDE_LINK,
  },
  '/dashboard/launchpad': {
    section: 'Quick Access',
    title: 'Launchpad',
    description: 'A step-by-step checklist to get your organisation ready to accept its first donation.',
    emptyTitle: 'Your setup checklist will appear here',
    related: { label: 'Connect a payment processor', path: '/admin/processors' },
  },
  '/dashboard/analysis': {
    section: 'Quick Access',
    title: 'Analysis',
    description: 'Trends in giving over time, by campaign, payment method and donor segment.',
    emptyTitle: 'No analysis to show yet',
    related: HOME_LINK,
  },
  '/dashboard/settings': {
    section: 'Dashboard',
    title: 'Dashboard settings',
    description: 'Choose which figures and charts your dashboard shows and the period they cover.',
    emptyTitle: 'Dashboard preferences will appear here',
    related: HOME_LINK,
  },
  '/dashboard/reports': {
    section: 'Finance',
    title: 'Reports',
    description: 'Income, payout and tax-receipt reports you can filter by period and download.',
    emptyTitle: 'No reports yet',
    related: HOME_LINK,
  },
  // crm20: year-end statements in bulk.
  '/dashboard/reports/statements': {
    section: 'Finance',
    title: 'Year-end statements',
    description: 'E-mail every donor their annual giving statement in one run, and print the rest for post.',
    emptyTitle: 'No statements yet',
    related: HOME_LINK,
  },
  // g23: Gift Aid claims.
  '/dashboard/reports/gift-aid': {
    section: 'Finance',
    title: 'Gift Aid claims',
    description:
      'Claim 25p per £1 back from HMRC on declared UK gifts: review, export the schedule, mark them claimed.',
    emptyTitle: 'No Gift Aid claims yet',
    related: HOME_LINK,
  },
  '/dashboard/imports': {
    section: 'Finance',
    title: 'Imports',
    description: 'Bring donors and past donations in from a spreadsheet, with a preview and progress for each import.',
    emptyTitle: 'No imports yet',
    related: HELP_LINK,
  },
  '/dashboard/recurring_imports': {
    section: 'Finance',
    title: 'Recurring imports',
    description: 'Move recurring donation plans from another platform into Kindling without asking donors again.',
    emptyTitle: 'No recurring imports yet',
    related: HELP_LINK,
  },
  '/dashboard/campaigns': fundraising({
    title: 'Campaigns',
    description: 'Every donation form and appeal your organisation runs, with goals, amounts raised and status.',
    emptyTitle: 'No campaigns to show yet',
    related: GUIDE_LINK,
  }),
  '/dashboard/campaign-edit/:id': fundraising({
    title: 'Edit campaign',
    description: "Change a campaign's amounts, form design, questions, receipts and sharing settings.",
    emptyTitle: 'The campaign editor will appear here',
    related: GUIDE_LINK,
  }),
  '/dashboard/campaign-new': fundraising({
    title: 'New campaign',
    description: 'Create a donation form: its goal, suggested amounts, currencies and thank-you message.',
    emptyTitle: 'The campaign builder will appear here',
    related: GUIDE_LINK,
  }),
  '/dashboard/campaign-donations/:id': fundraising({
    title: 'Campaign donations',
    description: 'The gifts made through one campaign, with totals and export.',
    emptyTitle: 'No campaign donations to show yet',
    related: HOME_LINK,
  }),
  '/dashboard/campaigns/receipts/:id': fundraising({
    title: 'Campaign receipts',
    description:
      "The receipt e-mail donors to this campaign get. Until it has its own, it uses the organisation's receipt.",
    emptyTitle: 'Receipt settings will appear here',
  }),
  '/dashboard/campaigns/one-time-emails': fundraising({
    title: 'One-time gift emails',
    description: 'The receipt and thank-you e-mails donors get after a gift, with merge fields and a live preview.',
    emptyTitle: 'No email templates yet',
  }),
  '/dashboard/campaigns/recurring-emails': fundraising({
    title: 'Recurring gift emails',
    description: 'E-mails for recurring donors: upcoming charge, failed charge, card expiring and plan cancelled.',
    emptyTitle: 'No email templates yet',
  }),
  '/dashboard/peer-to-peer/:id': fundraising({
    title: 'Peer-to-peer campaign',
    description: "Supporters' personal fundraising pages for a campaign, with what each has raised.",
    emptyTitle: 'No fundraiser pages to show yet',
    related: GUIDE_LINK,
  }),
  '/dashboard/donations': fundraising({
    title: 'Donations',
    description: 'Every gift to your organisation will be listed here with filters, totals and export.',
    emptyTitle: 'No donations to show yet',
    related: HOME_LINK,
  }),
  '/dashboard/donation/:id': fundraising({
    title: 'Donation',
    description: 'One gift in full: donor, amount, fees, payment method, receipt and refund history.',
    emptyTitle: 'Donation details will appear here',
    related: HOME_LINK,
  }),
  '/dashboard/donation-new': fundraising({
    title: 'Record a donation',
    description: 'Enter a gift received offline, such as a cheque, cash or a bank transfer, so it counts in reports.',
    emptyTitle: 'The donation form will appear here',
  }),
  '/dashboard/tickets': fundraising({
    title: 'Tickets',
    description: 'Ticket orders for your events: buyers, attendees, check-ins and refunds.',
    emptyTitle: 'No tickets sold yet',
  }),
  '/dashboard/tickets/:id': fundraising({
    title: 'Ticket',
    description: 'One ticket: its event, buyer, attendee and payment.',
    emptyTitle: 'Ticket details will appear here',
  }),
  '/dashboard/transactions': fundraising({
    title: 'Transactions',
    description:
      'Every payment, refund and dispute: donations, ticket purchases and plan charges as the processor saw them.',
    emptyTitle: 'No transactions yet',
  }),
  '/dashboard/transaction/:id': fundraising({
    title: 'Transaction',
    description: 'One payment as the processor saw it: amounts, fees, currency conversion and payout.',
    emptyTitle: 'Transaction details will appear here',
  }),
  '/dashboard/recurring': fundraising({
    title: 'Recurring',
    description: 'Monthly and other recurring plans: next charge dates, failed payments and cancellations.',
    emptyTitle: 'No recurring plans to show yet',
    related: HOME_LINK,
  }),
  '/dashboard/recurring-plan/:id': fundraising({
    title: 'Recurring plan',
    description: 'One recurring plan: its schedule, charges so far and the actions to pause, change or cancel it.',
    emptyTitle: 'Plan details will appear here',
  }),
  '/dashboard/donors': fundraising({
    title: 'Donors',
    description: 'Everyone who has given to your organisation, with their lifetime giving and last gift.',
    emptyTitle: 'No donors to show yet',
    related: HOME_LINK,
  }),
  '/dashboard/donor/:id': fundraising({
    title: 'Donor',
    description: "One donor's profile: contact details, giving history, recurring plans and notes.",
    emptyTitle: 'Donor details will appear here',
  }),
  '/dashboard/membership': fundraising({
    title: 'Membership',
    description: 'Membership tiers and members, with renewal dates and benefits.',
    emptyTitle: 'No memberships yet',
  }),
  '/dashboard/events': fundraising({
    title: 'Events',
    description: 'Galas, runs and other events with ticket sales, capacity and attendees.',
    emptyTitle: 'No events yet',
    related: HOME_LINK,
  }),
  '/dashboard/events/edit/:id': fundraising({
    title: 'Edit event',
    description: "Change an event's date, venue, ticket types and public page.",
    emptyTitle: 'The event editor will appear here',
  }),
  '/dashboard/event-new': fundraising({
    title: 'New event',
    description: 'Create an event with ticket types, prices and a public page.',
    emptyTitle: 'The event builder will appear here',
  }),
  '/dashboard/crowdfunding': fundraising({
    title: 'Crowdfunding',
    description: 'Crowdfunding pages with a goal, a story, updates and a live progress bar.',
    emptyTitle: 'No crowdfunding pages yet',
    related: GUIDE_LINK,
  }),
  '/dashboard/crowdfunding/new': fundraising({
    title: 'New crowdfunding page',
    description: 'Tell your story, set a goal and a deadline, and publish a page supporters can share.',
    emptyTitle: 'The page builder will appear here',
    related: GUIDE_LINK,
  }),
  '/dashboard/crowdfunding/:id': fundraising({
    title: 'Crowdfunding page',
    description: "One crowdfunding page's progress: amount raised, backers and updates.",
    emptyTitle: 'Page details will appear here',
  }),
  '/dashboard/crowdfunding/:id/edit': fundraising({
    title: 'Edit crowdfunding page',
    description: 'Change the story, goal, images and reward levels of a crowdfunding page.',
    emptyTitle: 'The page editor will appear here',
  }),
  '/dashboard/crm/contacts': crm({
    title: 'Contacts',
    description: 'Donors, volunteers and partners in one address book, with tags and notes.',
    emptyTitle: 'No contacts to show yet',
    related: HOME_LINK,
  }),
  '/dashboard/crm/deals': crm({
    title: 'Deals',
    description: 'Major gifts and grants you are working on, by stage and expected amount.',
    emptyTitle: 'No deals yet',
  }),
  '/dashboard/crm/tasks': crm({
    title: 'Tasks',
    description: 'Follow-ups for your team: thank-you calls, meetings and reminders with due dates.',
    emptyTitle: 'No tasks yet',
  }),
  '/dashboard/crm/tasks/:taskId': crm({
    title: 'Task',
    description: 'One task with its contact, due date, owner and notes.',
    emptyTitle: 'Task details will appear here',
  }),
  '/dashboard/crm/marketing': crm({
    title: 'Marketing',
    description: 'Your outreach across email and social channels, and how each appeal performed.',
    emptyTitle: 'No marketing activity yet',
  }),
  '/dashboard/crm/email-marketing': crm({
    title: 'Email marketing',
    description: 'Newsletters and appeals to your donors, with open and click rates.',
    emptyTitle: 'No emails sent yet',
  }),
  '/dashboard/crm/workflow-automation': crm({
    title: 'Workflow automation',
    description: 'Rules that act for you, such as a thank-you task after a large gift or a welcome series.',
    emptyTitle: 'No workflows yet',
  }),
  '/dashboard/crm/ai-insights': crm({
    title: 'AI insights',
    description: 'Suggestions drawn from your data: donors likely to lapse, campaigns to boost and next actions.',
    emptyTitle: 'No insights yet',
    related: HOME_LINK,
  }),
  '/dashboard/crm/knowledge-base': crm({
    title: 'Knowledge base',
    description: "How each part of Kindling works, and your team's own articles: scripts, policies and how-tos.",
    emptyTitle: 'No articles yet',
  }),
  '/dashboard/crm/communications': crm({
    title: 'Communications',
    description: 'Every email, letter and call logged with your contacts, in one timeline.',
    emptyTitle: 'No communications logged yet',
  }),
  '/dashboard/crm/segments': crm({
    title: 'Segments',
    description: 'Saved groups of donors, such as monthly givers or lapsed donors, to target and report on.',
    emptyTitle: 'No segments yet',
  }),
  '/dashboard/crm/segments/:segmentId/donors': crm({
    title: 'Segment donors',
    description: 'The donors who belong to one segment right now.',
    emptyTitle: 'No donors to show yet',
  }),
  '/dashboard/crm/integrations': crm({
    title: 'Integrations',
    description: 'Connect accounting, email and CRM tools so donations flow where your team works.',
    emptyTitle: 'No integrations connected yet',
    related: { label: 'Read the API reference', path: '/api-reference' },
  }),
  '/dashboard/crm/communications-guide': crm({
    title: 'Communications guide',
    description: 'Good practice for thanking, updating and re-engaging donors.',
    emptyTitle: 'The guide will appear here',
    related: GUIDE_LINK,
  }),
  // tix18: check-in at the door.
  '/dashboard/events/:id/check-in': fundraising({
    title: 'Check-in',
    description: 'Admit ticket holders at the door: scan their QR code, type the code or find them by name.',
    emptyTitle: 'No tickets to check in yet',
  }),
  // crm20: the contacts import.
  '/dashboard/crm/contacts/import': crm({
    title: 'Import contacts',
    description: 'Bring in people and organisations from a CSV file, matched to your contacts by e-mail.',
    emptyTitle: 'No import yet',
    related: { label: 'Back to contacts', path: '/dashboard/crm/contacts' },
  }),
  '/dashboard/crm/settings': crm({
    title: 'CRM settings',
    description: 'Custom contact fields and the stages of the deals pipeline.',
    emptyTitle: 'Nothing to set yet',
    related: { label: 'Open the deals pipeline', path: '/dashboard/crm/deals' },
  }),
  // pay25: payment requests (docs/decisions/050-payment-requests.md).
  '/dashboard/payment-requests': fundraising({
    title: 'Payment requests',
    description: 'Ask a known payer for a known amount with a link they pay at: pledges, invoices, balances.',
    emptyTitle: 'No payment requests yet',
  }),
  '/dashboard/payment-requests/:id': fundraising({
    title: 'Payment request',
    description: 'One request: what is asked, its link, its payments and what is left.',
    emptyTitle: 'The request will appear here',
  }),
  '/dashboard/payment-request-new': fundraising({
    title: 'New payment request',
    description: 'Who pays, how much and why; the payer gets a link to pay it.',
    emptyTitle: 'Nothing to show yet',
  }),
  // pay25b: payment request e-mail templates.
  '/dashboard/payment-requests/emails': fundraising({
    title: 'Payment request emails',
    description: 'The e-mail that sends a payment request and the reminder before and after its due date.',
    emptyTitle: 'No email templates yet',
  }),
};

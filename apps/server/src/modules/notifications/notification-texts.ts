import type { TNotificationKind } from '@kindling/contracts';
import { formatFor } from '../../platform/format/format.ts';

/** Title, message and the in-app page a notification points to. */
export type NotificationText = { title: string; message: string; link?: string };

/**
 * Our minor units in the currency's own exponent (JPY has none), never a blind division by 100,
 * written in the organisation's locale (npos.locale, decision 027; en-US when the caller has none).
 */
const money = (amountMinor: number, currency: string, locale = 'en-US'): string =>
  formatFor({ locale, timeZone: 'UTC' }).money(amountMinor, currency);

/** A count with the organisation's grouping ('1,234', '1.234'). */
const count = (value: number, locale = 'en-US'): string => formatFor({ locale, timeZone: 'UTC' }).count(value);

const forCampaign = (campaignName?: string | null) => (campaignName ? ` to ${campaignName}` : '');

// A gift may carry no donor name (a wallet pay without one, an import row): the sentence still has a
// subject.
const who = (name: string) => name.trim() || 'Someone';
const whose = (name: string) => (name.trim() ? `${name.trim()}’s` : 'a donor’s');
const whom = (name: string) => name.trim() || 'a donor';
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Gift = {
  donorName: string;
  amountMinor: number;
  currency: string;
  campaignName?: string | null;
  /** The organisation's locale (npos.locale). */
  locale?: string;
};

/** A refund: `amountMinor` went back now; `full` when nothing of the gift is left after it. */
type Refund = Gift & { donationId: number; giftAmountMinor: number; full: boolean; refundedBy?: string | null };

function refundedPart(d: Refund): string {
  const gift = `${whose(d.donorName)} gift of ${money(d.giftAmountMinor, d.currency, d.locale)}${forCampaign(d.campaignName)}`;
  if (d.full && d.amountMinor >= d.giftAmountMinor) return capitalised(`${gift} was refunded in full`);
  const part = money(d.amountMinor, d.currency, d.locale);
  return d.full ? `The remaining ${part} of ${gift} was refunded` : `${part} of ${gift} was refunded`;
}

function disputedPart(d: Gift & { stage: 'opened' | 'won' | 'lost' }): string {
  const part = `${money(d.amountMinor, d.currency, d.locale)} of ${whose(d.donorName)} gift${forCampaign(d.campaignName)}`;
  if (d.stage === 'opened')
    return `The donor’s bank disputes ${part}; the provider has withdrawn it until the dispute is decided`;
  if (d.stage === 'won') return `The dispute of ${part} was decided for you; the money is back`;
  return `The dispute of ${part} was lost; the money stays with the donor`;
}

/**
 * The wording of every producer's notification in one place, so the donation, recurring,
 * fundraiser and import/export flows stay consistent. Each returns the text for notifyOrganisation.
 */
export const notificationTexts = {
  /** Without `donationId` (the checkout's statement adds the link to the donation it inserts). */
  'donation.received': (d: Gift & { donationId?: number }): NotificationText => ({
    title: 'New donation',
    message: `${who(d.donorName)} gave ${money(d.amountMinor, d.currency, d.locale)}${forCampaign(d.campaignName)}.`,
    ...(d.donationId ? { link: `/dashboard/donation/${d.donationId}` } : {}),
  }),
  'donation.refunded': (d: Refund): NotificationText => ({
    title: d.full ? 'Donation refunded' : 'Donation partly refunded',
    message: `${refundedPart(d)}${d.refundedBy ? ` by ${d.refundedBy}` : ''}.`,
    link: `/dashboard/donation/${d.donationId}`,
  }),
  /** A recorded refund the provider then reported as failed: the money never left (decision 016). */
  'donation.refund_failed': (
    d: Gift & { donationId: number; giftAmountMinor: number; providerName: string; reason?: string | null },
  ): NotificationText => ({
    title: 'Refund failed',
    message:
      `The refund of ${money(d.amountMinor, d.currency, d.locale)} of ${whose(d.donorName)} gift of ` +
      `${money(d.giftAmountMinor, d.currency, d.locale)}${forCampaign(d.campaignName)} failed at ${d.providerName}` +
      `${d.reason ? ` (reason: ${d.reason.replace(/_/g, ' ')})` : ''}; the money stays with you and counts again.`,
    link: `/dashboard/donation/${d.donationId}`,
  }),
  /** A chargeback reported by the provider: opened (money withdrawn), then won (back) or lost. */
  'donation.disputed': (
    d: Gift & { donationId: number; stage: 'opened' | 'won' | 'lost'; reason?: string | null },
  ): NotificationText => ({
    title: d.stage === 'opened' ? 'Donation disputed' : d.stage === 'won' ? 'Dispute won' : 'Dispute lost',
    message: `${disputedPart(d)}${d.reason ? ` (reason: ${d.reason.replace(/_/g, ' ')})` : ''}.`,
    link: `/dashboard/donation/${d.donationId}`,
  }),
  'recurring_plan.created': (d: Gift & { planId: number; interval: string }): NotificationText => ({
    title: 'New recurring plan',
    message: `${who(d.donorName)} set up ${money(d.amountMinor, d.currency, d.locale)} every ${d.interval}${forCampaign(d.campaignName)}.`,
    link: `/dashboard/recurring-plan/${d.planId}`,
  }),
  'recurring_charge.failed': (d: Gift & { planId: number; reason?: string | null }): NotificationText => ({
    title: 'Recurring charge failed',
    message: `A charge of ${money(d.amountMinor, d.currency, d.locale)} from ${whom(d.donorName)} failed${d.reason ? `: ${d.reason}` : '.'}`,
    link: `/dashboard/recurring-plan/${d.planId}`,
  }),
  'recurring_charge.recovered': (d: Gift & { planId: number }): NotificationText => ({
    title: 'Recurring charge recovered',
    message: `The charge of ${money(d.amountMinor, d.currency, d.locale)} from ${whom(d.donorName)} went through after a retry.`,
    link: `/dashboard/recurring-plan/${d.planId}`,
  }),
  'recurring_plan.cancelled': (d: { donorName: string; planId: number }): NotificationText => ({
    title: 'Recurring plan cancelled',
    message: `${who(d.donorName)} cancelled a recurring plan.`,
    link: `/dashboard/recurring-plan/${d.planId}`,
  }),
  'fundraiser.invited': (d: {
    fundraiserName: string;
    campaignName: string;
    campaignId: number;
  }): NotificationText => ({
    title: 'Fundraiser invited',
    message: `${d.fundraiserName} was invited to fundraise for ${d.campaignName}.`,
    link: `/dashboard/peer-to-peer/${d.campaignId}`,
  }),
  'fundraiser.joined': (d: { fundraiserName: string; campaignName: string; campaignId: number }): NotificationText => ({
    title: 'Fundraiser joined',
    message: `${d.fundraiserName} joined ${d.campaignName} as a fundraiser.`,
    link: `/dashboard/peer-to-peer/${d.campaignId}`,
  }),
  'import.finished': (d: {
    /** What one row becomes, in the singular and the plural: "1 donation", "2 donations". */
    what: { one: string; other: string };
    imported: number;
    failed: number;
    locale?: string;
  }): NotificationText => ({
    title: 'Import finished',
    message: `${count(d.imported, d.locale)} ${d.imported === 1 ? d.what.one : d.what.other} imported${d.failed > 0 ? `, ${count(d.failed, d.locale)} ${d.failed === 1 ? 'row' : 'rows'} could not be imported` : ''}.`,
    link: '/dashboard/imports',
  }),
  'import.failed': (d: { fileName: string; imported: number; locale?: string }): NotificationText => ({
    title: 'Import failed',
    message: `The import of ${d.fileName} stopped before the end. ${
      d.imported === 0
        ? 'No gift was recorded.'
        : d.imported === 1
          ? 'The 1 gift recorded before it stopped is kept.'
          : `The ${count(d.imported, d.locale)} gifts recorded before it stopped are kept.`
    }`,
    link: '/dashboard/imports',
  }),
  /** Many declined card payments in a row: someone testing stolen cards (decision 025). */
  'card_testing.burst': (d: {
    declines: number;
    source: string;
    campaignName?: string | null;
    locale?: string;
  }): NotificationText => ({
    title: 'Card testing suspected',
    message:
      `${count(d.declines, d.locale)} card payments from ${d.source}${forCampaign(d.campaignName)} were declined in a short time. ` +
      'The donation form now asks for a quick automatic check before each new card payment from there; ' +
      'real donors are not blocked.',
    link: '/dashboard/transactions',
  }),
  'export.finished': (d: { what: string; rows: number; locale?: string }): NotificationText => ({
    title: 'Export finished',
    message: `Your export of ${count(d.rows, d.locale)} ${d.what} is ready.`,
    link: '/dashboard/reports',
  }),
  // fix15: a bank debit accepted as pending that the bank refused days later (decision 038).
  'donation.debit_failed': (d: Gift & { donationId: number }): NotificationText => ({
    title: 'Bank debit failed',
    message:
      `The bank refused ${whose(d.donorName)} debit of ${money(d.amountMinor, d.currency, d.locale)}${forCampaign(d.campaignName)}. ` +
      'The gift is marked failed and counts for nothing; no receipt was sent.',
    link: `/dashboard/donation/${d.donationId}`,
  }),
  // deals20: a CRM task falls due (docs/decisions/043-deals-and-tasks.md).
  'task.due': (d: { taskId: number; title: string; overdue: boolean }): NotificationText => ({
    title: d.overdue ? 'Task overdue' : 'Task due today',
    message: d.overdue ? `“${d.title}” is overdue.` : `“${d.title}” is due today.`,
    link: `/dashboard/crm/tasks/${d.taskId}`,
  }),
  // con24b: the platform operator's announcement, as written (docs/product/console.md#consolenotifications).
  'platform.announcement': (d: { title: string; message: string }): NotificationText => ({
    title: d.title,
    message: d.message,
  }),
  // p2p16c: a fundraiser's page reached its first gift or a share of its goal (docs/decisions/051-peer-teams-and-milestones.md).
  'fundraiser.milestone': (d: { pageTitle: string; milestone: string; campaignId: number }): NotificationText => ({
    title: 'Fundraiser milestone',
    message:
      d.milestone === 'first_gift'
        ? `“${d.pageTitle}” received its first gift.`
        : `“${d.pageTitle}” reached ${d.milestone} % of its goal.`,
    link: `/dashboard/peer-to-peer/${d.campaignId}`,
  }),
  // w21: a workflow's "notify staff" step (docs/product/crm-workflow-automation.md).
  'workflow.notice': (d: {
    workflowName: string;
    contactName: string;
    message: string;
    contactId: number;
  }): NotificationText => ({
    title: d.workflowName,
    message: `${d.contactName}: ${d.message}`,
    link: `/dashboard/donor/${d.contactId}`,
  }),
} satisfies Record<TNotificationKind, (data: never) => NotificationText>;

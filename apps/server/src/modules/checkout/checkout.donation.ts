// Turns what the provider reported plus the donor's choices into one recorded donation, and
// shapes it as the contract's TDonation for the thank-you screen.
import {
  formatMoney,
  normaliseDonorWall,
  type TAnswers,
  type TPublicCampaign,
  type TTribute,
  tributesEnabled,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { PayableCampaign } from '../campaigns/index.ts';
import {
  type DonationFollowUp,
  type DonationNotice,
  type DonationRow,
  recordSucceededPayment,
  runFollowUps,
  toDonation,
} from '../donations/index.ts';
import { notificationTexts } from '../notifications/index.ts';
import type { ProviderPayment } from '../payments/index.ts';
import { ensurePlanForFirstGift } from '../plans/index.ts';

/** The donor-entered fields confirm_payment carries (already parsed by the contract). */
export type DonorChoice = {
  first_name: string;
  last_name: string;
  email: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  designation: number | null;
  comment: string;
  answers: TAnswers;
  add_to_donor_wall: boolean;
  first_name_only_to_donor_wall: boolean;
  show_amount_on_donor_wall: boolean;
  show_comment_on_donor_wall: boolean;
  create_donor_account: boolean;
  gift_aid: boolean;
  payment_method: string;
  // conv15: in honour or in memory of someone (kept only when the campaign offers tributes).
  tribute?: TTribute | null;
};

/** Only answers to this campaign's questions are kept; a checkbox's options are joined for the record. */
function answersFor(campaign: TPublicCampaign | null, answers: TAnswers) {
  if (!campaign) return [];
  return campaign.questions.flatMap((q) => {
    const value = answers[String(q.id)];
    const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
    return text ? [{ question_id: q.id, question: q.content, answer: text }] : [];
  });
}

export type RecordInput = {
  db: Db;
  provider: string;
  payment: ProviderPayment;
  npoId: number;
  campaign: PayableCampaign | null;
  choice: DonorChoice;
  /** Receipts, invitations…: see donations/after-donation.ts. */
  followUps?: readonly DonationFollowUp[];
  log?: (error: unknown) => void;
  /** A bank debit still processing: recorded pending, no plan, receipt or thank-you yet (decision 038). */
  pending?: boolean;
};

/**
 * Amount, currency, fee and interval come from the provider's payment (the fee and interval were
 * fixed in its metadata when the server created the intent); the browser only adds who gave and
 * their choices. The organisation's staff hear about a new gift once, never about a repeat.
 */
export async function recordDonation(input: RecordInput) {
  const { db, provider, payment, npoId, campaign, choice } = input;
  const meta = payment.metadata;
  const fee = Number(meta.included_fees ?? 0);
  const designation = campaign?.designations.find((d) => d.id === choice.designation) ?? null;
  const wall = normaliseDonorWall(choice);
  const { donation, created } = await recordSucceededPayment(db, {
    npoId,
    campaignId: Number(meta.campaign_id) || null,
    peerCampaignId: Number(meta.peer_campaign_id) || null,
    provider,
    providerReference: payment.id,
    providerCaptureId: payment.captureId ?? null,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    feeCoveredMinor: Number.isSafeInteger(fee) && fee >= 0 && fee <= payment.amountMinor ? fee : 0,
    interval: (meta.interval as DonationRow['interval']) ?? 'once',
    paymentMethod: choice.payment_method,
    donor: {
      email: choice.email,
      firstName: choice.first_name,
      lastName: choice.last_name,
      address: choice.address,
      address2: choice.address2,
      city: choice.city,
      state: choice.state,
      postalCode: choice.postal_code,
      country: choice.country,
    },
    designationId: designation?.id ?? null,
    answers: answersFor(campaign, choice.answers),
    comment: choice.comment,
    giftAid:
      choice.gift_aid && campaign?.gift_aid
        ? {
            name: `${choice.first_name} ${choice.last_name}`.trim(),
            address: choice.address,
            postcode: choice.postal_code,
          }
        : null,
    donorWall: {
      addToDonorWall: wall.add_to_donor_wall,
      firstNameOnly: wall.first_name_only_to_donor_wall,
      showAmount: wall.show_amount_on_donor_wall,
      showComment: wall.show_comment_on_donor_wall,
    },
    createDonorAccount: choice.create_donor_account,
    notify: receivedNotice(payment, choice, campaign, input.pending === true),
    pending: input.pending === true,
    // conv15: travels in the donation's own insert (no query of its own).
    tribute: campaign && tributesEnabled(campaign.campaign_settings) ? (choice.tribute ?? null) : null,
  });
  if (input.pending) {
    const donor = {
      id: donation.donorId,
      first_name: choice.first_name,
      last_name: choice.last_name,
      email: choice.email,
    };
    return { donation: toDonation(donation, donor, campaign?.name ?? null), created: false };
  }
  const recorded = await withPlan(input, donation);
  await runFollowUps(
    input.followUps ?? [],
    { db, donation: recorded, created, campaign, payment },
    input.log ?? (() => {}),
  );
  const donor = {
    id: recorded.donorId,
    first_name: choice.first_name,
    last_name: choice.last_name,
    email: choice.email,
  };
  return { donation: toDonation(recorded, donor, campaign?.name ?? null), created };
}

/**
 * A recurring first gift's plan, with the method the provider saved for later charges. Run on
 * every recording (not only the one that created the donation), so the next confirm or webhook
 * repairs a plan missed by a crash in between.
 */
async function withPlan(input: RecordInput, donation: DonationRow): Promise<DonationRow> {
  const plan = await ensurePlanForFirstGift(input.db, {
    donation,
    provider: input.provider,
    paymentMethodId: input.payment.paymentMethodId ?? null,
    customerId: input.payment.customerId ?? null,
    donorName: `${input.choice.first_name} ${input.choice.last_name}`.trim(),
    campaignName: input.campaign?.name ?? null,
  });
  return plan ? { ...donation, recurringPlanId: plan.id } : donation;
}

/**
 * The staff notification, written with the donation (the statement adds its link). The amount is in
 * the organisation's locale, which came with the campaign (no query of its own on the gift path);
 * a webhook for a campaign no longer payable has none, and falls back to en-US. A bank debit the
 * provider accepted but has not settled says so (decision 038).
 */
function receivedNotice(
  payment: ProviderPayment,
  choice: DonorChoice,
  campaign: PayableCampaign | null,
  pending: boolean,
): DonationNotice {
  const locale = campaign?.npo_locale ?? 'en-US';
  const { title, message } = notificationTexts['donation.received']({
    donorName: `${choice.first_name} ${choice.last_name}`,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    campaignName: campaign?.name ?? null,
    locale,
  });
  if (!pending) return { kind: 'donation.received', title, message };
  const name = `${choice.first_name} ${choice.last_name}`.trim() || 'Someone';
  const amount = formatMoney(payment.amountMinor, payment.currency, locale);
  return { kind: 'donation.received', title, message: `${name} started a bank debit of ${amount} (processing).` };
}

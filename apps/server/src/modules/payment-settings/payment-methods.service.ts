// /stripe-methods (docs/product/payments.md#payment-methods): which methods donors see, per
// organisation and per campaign. The public campaign read carries the result (campaigns'
// paymentOptionsOf), so the gift path needs no query of its own.
import {
  DONATION_METHOD_LABELS,
  DONATION_METHODS,
  methodCurrencies,
  PAYMENT_SETTINGS_MESSAGES,
  type TDonationMethod,
  type TMethodsResponse,
} from '@kindling/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { campaigns, paymentOptionsOf } from '../campaigns/index.ts';
import { npos } from '../organisations/index.ts';

export type Actor = { session: OrganisationSession; ip: string | null };

const asMethods = (list: readonly string[] | null): TDonationMethod[] | null =>
  list === null ? null : DONATION_METHODS.filter((m) => list.includes(m));

export async function getMethods(db: Db, config: Config, npoId: number): Promise<TMethodsResponse> {
  const [npo] = await db
    .select({
      stripeAccountId: npos.stripeAccountId,
      paypalMerchantId: npos.paypalMerchantId,
      paypalEmail: npos.paypalEmail,
      methods: npos.donationMethods,
    })
    .from(npos)
    .where(eq(npos.id, npoId));
  if (!npo) throw new AppError('NOT_FOUND', 'Organisation not found.');
  // Which provider would take each method, whatever is switched on.
  const everything = paymentOptionsOf(config, { ...npo, methods: DONATION_METHODS });
  const enabled = npo.methods ?? DONATION_METHODS;
  const rows = await db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status, methods: campaigns.donationMethods })
    .from(campaigns)
    .where(and(eq(campaigns.npoId, npoId), isNull(campaigns.parentCampaignId)))
    .orderBy(asc(campaigns.name), asc(campaigns.id));
  return {
    methods: DONATION_METHODS.map((method) => {
      const provider = method === 'paypal' ? everything.wallet_provider : everything.card_provider;
      return {
        method,
        label: DONATION_METHOD_LABELS[method],
        provider,
        currencies: [...methodCurrencies(method, provider)],
        enabled: enabled.includes(method),
      };
    }),
    campaigns: rows.map((c) => ({ id: c.id, name: c.name, status: c.status, methods: asMethods(c.methods) })),
  };
}

export async function setOrganisationMethods(
  db: Db,
  config: Config,
  { session, ip }: Actor,
  methods: TDonationMethod[],
): Promise<TMethodsResponse> {
  const npoId = session.selectedNpoId;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ methods: npos.donationMethods })
      .from(npos)
      .where(eq(npos.id, npoId))
      .for('update');
    await tx.update(npos).set({ donationMethods: methods }).where(eq(npos.id, npoId));
    await recordAudit(tx, {
      npoId,
      actorUserId: session.user.id,
      action: 'payment_methods.updated',
      targetType: 'npo',
      targetId: npoId,
      data: { before: before?.methods ?? null, after: methods },
      ip,
    });
  });
  return getMethods(db, config, npoId);
}

/** `methods` null: the campaign follows the organisation again. */
export async function setCampaignMethods(
  db: Db,
  config: Config,
  { session, ip }: Actor,
  campaignId: number,
  methods: TDonationMethod[] | null,
): Promise<TMethodsResponse> {
  const npoId = session.selectedNpoId;
  await db.transaction(async (tx) => {
    const [campaign] = await tx
      .select({ parent: campaigns.parentCampaignId, methods: campaigns.donationMethods })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.npoId, npoId)))
      .for('update');
    if (!campaign) throw new AppError('NOT_FOUND', PAYMENT_SETTINGS_MESSAGES.campaignNotFound);
    if (campaign.parent !== null) {
      throw new AppError('UNPROCESSABLE', PAYMENT_SETTINGS_MESSAGES.peerCampaign);
    }
    await tx
      .update(campaigns)
      .set({ donationMethods: methods })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.npoId, npoId)));
    await recordAudit(tx, {
      npoId,
      actorUserId: session.user.id,
      action: methods ? 'payment_methods.campaign_overridden' : 'payment_methods.campaign_reset',
      targetType: 'campaign',
      targetId: campaignId,
      data: { before: campaign.methods, after: methods },
      ip,
    });
  });
  return getMethods(db, config, npoId);
}

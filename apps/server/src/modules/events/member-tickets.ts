// Members-only tickets and member prices (docs/decisions/090-member-tickets.md). The buyer names a
// membership by the member number on the card and a member's e-mail; the server checks it with the
// memberships module before any seat is taken, and only then sells members-only tickets or applies
// member prices. Failed checks count against the caller's address (the product's failure limiter),
// so member numbers, which are sequential, cannot be tried one after another.
import { EVENT_MESSAGES, forMembers, type ZTicketOrderRequest } from '@kindling/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { FailureLimiter } from '../../platform/security/rate-limiter.ts';
import { verifyMember } from '../memberships/index.ts';
import type { PublicEventRow, PublicTicketTypeRow } from './public-event.service.ts';

type OrderRequest = z.output<typeof ZTicketOrderRequest>;
/** The membership an order was bought with. */
export type OrderMember = { membershipId: number; memberNumber: string; tierId: number; tier: string };

const refuse = (field: string, message: string) => new AppError('UNPROCESSABLE', message, { [field]: message });
const REASONS = {
  unknown: EVENT_MESSAGES.memberUnknown,
  lapsed: EVENT_MESSAGES.memberLapsed,
  cancelled: EVENT_MESSAGES.memberCancelled,
} as const;

/**
 * The membership the buyer proved, when the order holds member tickets; null when none of its
 * tickets is for members, or none is members-only and no membership was given (the full price
 * applies). Throws, changing nothing, for a members-only ticket without a valid membership, an
 * unknown, lapsed or cancelled one, or a tier the ticket type does not admit.
 */
export async function memberForOrder(
  deps: { db: Db; memberChecks?: FailureLimiter | undefined },
  e: PublicEventRow,
  types: PublicTicketTypeRow[],
  body: OrderRequest,
  clientIp: string,
): Promise<OrderMember | null> {
  const chosen = body.lines.flatMap((l) => types.filter((t) => t.id === l.ticket_type_id));
  const forMember = chosen.filter(forMembers);
  if (forMember.length === 0) return null;
  if (!body.member) {
    const only = forMember.find((t) => t.members_only);
    if (only) throw refuse('member.number', EVENT_MESSAGES.memberRequired(only.name));
    return null;
  }
  const key = `ip:${clientIp}`;
  await deps.memberChecks?.assertAllowed(key);
  const found = await verifyMember(deps.db, e.npo_id, body.member.number, body.member.email);
  if (!found.ok) {
    await deps.memberChecks?.recordFailure(key);
    throw refuse('member.number', REASONS[found.reason]);
  }
  const outside = forMember.find((t) => t.member_tier_ids.length > 0 && !t.member_tier_ids.includes(found.tierId));
  if (outside) throw refuse('member.number', EVENT_MESSAGES.memberTier(found.tier, outside.name));
  return { membershipId: found.membershipId, memberNumber: found.memberNumber, tierId: found.tierId, tier: found.tier };
}

/** A fixed-price ticket's price for this buyer: the member price once a membership was proved. */
export const memberPriceOf = (type: PublicTicketTypeRow, member: OrderMember | null): number =>
  member && type.member_price_minor !== null ? type.member_price_minor : type.price_minor;

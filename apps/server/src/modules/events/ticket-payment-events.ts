// A ticket order confirmed by the provider's webhook (docs/decisions/072-ticket-orders-by-webhook.md):
// a payment that succeeded while the buyer's browser was gone (closed tab, a bank's 3-D Secure page
// that never came back) still makes the order's tickets valid and sends them. The webhook route
// (checkout) asks this handler first; an intent whose metadata names no ticket order is not ours.
import type { ProviderEvent, ProviderName } from '../payments/index.ts';
import { confirmOrder, type OrderDeps } from './ticket-orders.service.ts';

/**
 * For payment.succeeded and payment.processing events: true when the intent was a ticket order's
 * (confirmed, or refused and logged), false to let checkout record a gift. A processing ticket payment
 * waits for its succeeded event; declines stay with checkout, which counts them for card testing.
 */
export function ticketOrderPayments(deps: OrderDeps) {
  return async (provider: ProviderName, event: ProviderEvent): Promise<boolean> => {
    const reference = event.metadata.event_order;
    if (!reference) return false;
    if (event.type !== 'payment.succeeded' || !event.providerReference) return true;
    // The card provider took the order's payment; another provider's event about it is not trusted.
    if (provider !== deps.providers.card.name) return true;
    // confirmOrder re-reads the intent from the provider and checks order, amount and currency;
    // it makes the order paid once, however often the provider redelivers or the browser confirms too.
    await confirmOrder(deps, reference, event.providerReference).catch((error: unknown) => deps.log?.(error));
    return true;
  };
}

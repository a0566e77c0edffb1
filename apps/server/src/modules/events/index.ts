// Events and ticket orders (docs/decisions/045-events-and-ticket-orders.md): staff event editing, the public
// event page's data and calendar file, and ticket orders paid through the card provider.

// e18: several images per event (docs/decisions/089-event-images.md): the editor's upload, the seed's variants.
export { eventImageRoutes } from './event-images.routes.ts';
export { storeEventImageVariants } from './event-images.service.ts';
export { eventRoutes } from './events.routes.ts';
export {
  eventDiscountCodes,
  eventImages,
  eventImageVariants,
  eventOrders,
  events,
  eventTickets,
  eventTicketTypes,
} from './events.tables.ts';
// tix18: the e-tickets e-mail, sent by a durable job once an order is paid.
export { registerTicketMail } from './ticket-email.ts';
// fin18: ticket orders confirmed by the provider's webhook (decision 072).
export { ticketOrderPayments } from './ticket-payment-events.ts';

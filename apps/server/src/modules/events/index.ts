// Events and ticket orders (docs/decisions/045-events-and-ticket-orders.md): staff event editing, the public
// event page's data and calendar file, and ticket orders paid through the card provider.
export { eventRoutes } from './events.routes.ts';
export { eventDiscountCodes, eventOrders, events, eventTickets, eventTicketTypes } from './events.tables.ts';
// tix18: the e-tickets e-mail, sent by a durable job once an order is paid.
export { registerTicketMail } from './ticket-email.ts';
// fin18: ticket orders confirmed by the provider's webhook (decision 072).
export { ticketOrderPayments } from './ticket-payment-events.ts';

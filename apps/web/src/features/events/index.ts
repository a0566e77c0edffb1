// Events: /dashboard/events, the event editor (/dashboard/event-new, /dashboard/events/edit/{id}) and one
// ticket order (/dashboard/tickets/{id}).

// tix18: check-in at the door (/dashboard/events/{id}/check-in).
export { CheckInPage } from './routes/CheckInPage.tsx';
export { EventEditPage, EventNewPage } from './routes/EventEditorPage.tsx';
export { EventsPage } from './routes/EventsPage.tsx';
export { TicketOrderPage } from './routes/TicketOrderPage.tsx';
// e18: the ticket orders list (/dashboard/tickets).
export { TicketOrdersPage } from './routes/TicketOrdersPage.tsx';

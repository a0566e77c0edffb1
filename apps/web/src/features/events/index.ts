// Events: /dashboard/events, the event editor (/dashboard/event-new, /dashboard/events/edit/{id}) and one
// ticket order (/dashboard/tickets/{id}).
export { EventEditPage, EventNewPage } from './routes/EventEditorPage.tsx';
export { EventsPage } from './routes/EventsPage.tsx';
export { TicketOrderPage } from './routes/TicketOrderPage.tsx';

// CRM: /dashboard/crm/contacts (contacts list, saved views, a contact's record).
export { ContactsPage } from './routes/ContactsPage.tsx';
// seg20: /dashboard/crm/segments and /dashboard/crm/segments/{segmentId}/donors.
export { SegmentDonorsPage } from './routes/SegmentDonorsPage.tsx';
export { SegmentsPage } from './routes/SegmentsPage.tsx';

// CRM: /dashboard/crm/contacts (contacts list, saved views, a contact's record), the communications
// record and the communications guide.
export { CommunicationsGuidePage } from './routes/CommunicationsGuidePage.tsx';
export { CommunicationsPage } from './routes/CommunicationsPage.tsx';
export { ContactsPage } from './routes/ContactsPage.tsx';
// seg20: /dashboard/crm/segments and /dashboard/crm/segments/{segmentId}/donors.
export { SegmentDonorsPage } from './routes/SegmentDonorsPage.tsx';
export { SegmentsPage } from './routes/SegmentsPage.tsx';

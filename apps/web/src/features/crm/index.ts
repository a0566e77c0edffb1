// CRM: /dashboard/crm/contacts (contacts list, saved views, a contact's record), the communications
// record and the communications guide.

// crm20: a gift's soft credits, shown on the donation's page.
export { SoftCreditsPanel } from './components/SoftCredits.tsx';
export { CommunicationsGuidePage } from './routes/CommunicationsGuidePage.tsx';
export { CommunicationsPage } from './routes/CommunicationsPage.tsx';
// crm20: the contacts import.
export { ContactImportPage } from './routes/ContactImportPage.tsx';
export { ContactsPage } from './routes/ContactsPage.tsx';
export { CrmSettingsPage } from './routes/CrmSettingsPage.tsx';
// deals20: the major-gift pipeline and tasks.
export { DealsPage } from './routes/DealsPage.tsx';
// seg20: /dashboard/crm/segments and /dashboard/crm/segments/{segmentId}/donors.
export { SegmentDonorsPage } from './routes/SegmentDonorsPage.tsx';
export { SegmentsPage } from './routes/SegmentsPage.tsx';
export { TaskPage } from './routes/TaskPage.tsx';
export { TasksPage } from './routes/TasksPage.tsx';

// CRM: /dashboard/crm/contacts (contacts list, saved views, a contact's record).
export { ContactsPage } from './routes/ContactsPage.tsx';

// CRM: /dashboard/crm/contacts (contacts list, saved views, a contact's record).
export { ContactsPage } from './routes/ContactsPage.tsx';
// deals20: the major-gift pipeline and tasks.
export { DealsPage } from './routes/DealsPage.tsx';
export { TaskPage } from './routes/TaskPage.tsx';
export { TasksPage } from './routes/TasksPage.tsx';

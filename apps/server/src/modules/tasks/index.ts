// CRM tasks (docs/decisions/043-deals-and-tasks.md): the API, and the due reminders and morning
// digest the app's job runner sweeps.
export { registerTaskReminders, sendDueTaskReminders, sendTaskDigests } from './task-reminders.ts';
export { taskRoutes } from './tasks.routes.ts';
export { taskDigests, tasks } from './tasks.tables.ts';

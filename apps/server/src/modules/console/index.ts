// The platform console (docs/decisions/046-platform-console.md): platform-wide reads across
// organisations and the operator's actions, for role 7789 only.
export { consoleRoutes } from './console.routes.ts';
export { platformSettings } from './console.tables.ts';
// fin19: announcement e-mails by job (decision 073).
export { registerAnnouncementMail } from './console-announcements.jobs.ts';
// con24b: announcements (the demo seeds one).
export { sendAnnouncement } from './console-announcements.service.ts';
export { registerConsoleFigures } from './console-figures.jobs.ts';
// admin24: the daily roll-up of the console's money figures and its clock (decision 054).
export { rollUpDailyFigures } from './console-figures.repository.ts';
export { organisationDefaults, selfServiceSignUpOpen } from './console-settings.ts';

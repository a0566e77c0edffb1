// Conversion features of the donation form (docs/decisions/037-conversion-features.md): the funnel,
// reminders, abandoned gifts and tribute e-cards.
export { conversionRoutes } from './conversion.routes.ts';
export { registerReminders, sendDueReminders } from './reminders.ts';
export { registerTributeEcards, sendEcard } from './tribute-ecard.ts';

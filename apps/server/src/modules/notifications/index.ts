// The notifications module's public surface: the producer call other modules use, the wording of
// each kind, the HTTP routes and the live fan-out.

export { type NotificationText, notificationTexts } from './notification-texts.ts';
export { startNotificationFanout } from './notifications.live.ts';
export { notificationRoutes } from './notifications.routes.ts';
export {
  type NotificationValues,
  type NotifyOrganisationInput,
  notificationCtes,
  notificationValuesOf,
  notifyOrganisation,
} from './notifications.service.ts';

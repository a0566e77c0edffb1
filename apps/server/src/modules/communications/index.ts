// The communications record and the staff guide (docs/decisions/047-communications-read-model.md).
// Other modules reach them through this surface only.
export { eraseLoggedCommunications, foldCommunicationsInto } from './communications.repository.ts';
export { communicationRoutes } from './communications.routes.ts';
export { communicationGuidePages, loggedCommunications } from './communications.tables.ts';

// The platform console (docs/decisions/046-platform-console.md): platform-wide reads across
// organisations and the operator's actions, for role 7789 only.
export { consoleRoutes } from './console.routes.ts';
export { platformSettings } from './console.tables.ts';
export { selfServiceSignUpOpen } from './console-settings.ts';

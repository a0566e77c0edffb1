// The profile module's public surface: every signed-in person's own name, photo and e-mail address
// (docs/product/profile.md).
export { profileRoutes } from './profile.routes.ts';

// Search: the shell's search overlay over donors, donations and campaigns (each asked of its module).
export { searchRoutes } from './search.routes.ts';

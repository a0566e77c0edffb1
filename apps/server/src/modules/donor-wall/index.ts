// Donor wall: the public list of a campaign's or fundraiser page's recent supporters, as each donor chose.
export { donorWallRoutes } from './donor-wall.routes.ts';

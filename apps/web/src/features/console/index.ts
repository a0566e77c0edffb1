// The platform console's screens (role 7789) and the shell's platform banners (decision 046).
export { PlatformNotice } from './components/PlatformNotice.tsx';
// con24c: the analytics (decision 063).
export { ConsoleAnalyticsPage } from './routes/ConsoleAnalyticsPage.tsx';
export { ConsoleIndexPage } from './routes/ConsoleIndexPage.tsx';
export { ConsoleNotificationsPage } from './routes/ConsoleNotificationsPage.tsx';
export { ConsoleOrganisationPage } from './routes/ConsoleOrganisationPage.tsx';
export { ConsoleOrganisationsPage } from './routes/ConsoleOrganisationsPage.tsx';
// con24b: sales, announcements, security and analytics.
export { ConsoleSalesPage } from './routes/ConsoleSalesPage.tsx';
export { ConsoleSecurityPage } from './routes/ConsoleSecurityPage.tsx';
export { ConsoleSettingsPage } from './routes/ConsoleSettingsPage.tsx';
// admin24: transactions, figures, announcements and security (decision 054).
export { ConsoleTransactionsPage } from './routes/ConsoleTransactionsPage.tsx';
export { ConsoleUsersPage } from './routes/ConsoleUsersPage.tsx';

import { CONSTANTS, GUARDED_ROUTES, SIGNED_IN_ROUTES } from '@kindling/contracts';
import { Center, Loader } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../../system/FullPageSpinner.tsx';
import { RequireSession } from './RequireSession.tsx';
import { accessHandle } from './route-access.ts';

// The whole authenticated area (shell and pages) loads only after the session check.
const AppLayout = lazy(() => import('../../shell/AppLayout.tsx').then((m) => ({ default: m.AppLayout })));
const PlaceholderPage = lazy(() =>
  import('../../features/placeholder/PlaceholderPage.tsx').then((m) => ({ default: m.PlaceholderPage })),
);
const AccountPage = lazy(() =>
  import('../../features/account/routes/AccountPage.tsx').then((m) => ({ default: m.AccountPage })),
);
const NotificationsPage = lazy(() =>
  import('../../features/notifications/routes/NotificationsPage.tsx').then((m) => ({ default: m.NotificationsPage })),
);
const CampaignsPage = lazy(() =>
  import('../../features/campaigns/routes/CampaignsPage.tsx').then((m) => ({ default: m.CampaignsPage })),
);
const CampaignDonationsPage = lazy(() =>
  import('../../features/campaigns/routes/CampaignDonationsPage.tsx').then((m) => ({
    default: m.CampaignDonationsPage,
  })),
);
const CampaignNewPage = lazy(() =>
  import('../../features/campaigns/routes/CampaignEditorPage.tsx').then((m) => ({ default: m.CampaignNewPage })),
);
const CampaignEditPage = lazy(() =>
  import('../../features/campaigns/routes/CampaignEditorPage.tsx').then((m) => ({ default: m.CampaignEditPage })),
);
const DonationsListPage = lazy(() =>
  import('../../features/donations/routes/DonationsListPage.tsx').then((m) => ({ default: m.DonationsListPage })),
);
const ProcessorsPage = lazy(() =>
  import('../../features/processors/routes/ProcessorsPage.tsx').then((m) => ({ default: m.ProcessorsPage })),
);
const PaymentMethodsPage = lazy(() =>
  import('../../features/payment-settings/routes/PaymentMethodsPage.tsx').then((m) => ({
    default: m.PaymentMethodsPage,
  })),
);
const ExchangeRatesPage = lazy(() =>
  import('../../features/payment-settings/routes/ExchangeRatesPage.tsx').then((m) => ({
    default: m.ExchangeRatesPage,
  })),
);
const OrganisationPage = lazy(() =>
  import('../../features/organisation/routes/OrganisationPage.tsx').then((m) => ({ default: m.OrganisationPage })),
);
const SecurityPage = lazy(() =>
  import('../../features/security/routes/SecurityPage.tsx').then((m) => ({ default: m.SecurityPage })),
);
const TeamPage = lazy(() => import('../../features/team/routes/TeamPage.tsx').then((m) => ({ default: m.TeamPage })));
const AdminOverviewPage = lazy(() =>
  import('../../features/admin-overview/routes/AdminOverviewPage.tsx').then((m) => ({ default: m.AdminOverviewPage })),
);
const LaunchpadPage = lazy(() =>
  import('../../features/admin-overview/routes/LaunchpadPage.tsx').then((m) => ({ default: m.LaunchpadPage })),
);
const DashboardSettingsPage = lazy(() =>
  import('../../features/home/settings/DashboardSettingsPage.tsx').then((m) => ({
    default: m.DashboardSettingsPage,
  })),
);
const HomePage = lazy(() => import('../../features/home/HomePage.tsx').then((m) => ({ default: m.HomePage })));
const AnalysisPage = lazy(() =>
  import('../../features/analysis/routes/AnalysisPage.tsx').then((m) => ({ default: m.AnalysisPage })),
);
// crm20: year-end statements in bulk.
const StatementsPage = lazy(() =>
  import('../../features/statements/routes/StatementsPage.tsx').then((m) => ({ default: m.StatementsPage })),
);
// g23: Gift Aid claims.
const GiftAidPage = lazy(() =>
  import('../../features/gift-aid/routes/GiftAidPage.tsx').then((m) => ({ default: m.GiftAidPage })),
);
// rep23: the reports centre.
const ReportsPage = lazy(() =>
  import('../../features/reports/routes/ReportsPage.tsx').then((m) => ({ default: m.ReportsPage })),
);
const DonorsPage = lazy(() =>
  import('../../features/donors/routes/DonorsPage.tsx').then((m) => ({ default: m.DonorsPage })),
);
// CRM contacts.
const ContactsPage = lazy(() => import('../../features/crm/index.ts').then((m) => ({ default: m.ContactsPage })));
const CommunicationsPage = lazy(() =>
  import('../../features/crm/index.ts').then((m) => ({ default: m.CommunicationsPage })),
);
const CommunicationsGuidePage = lazy(() =>
  import('../../features/crm/index.ts').then((m) => ({ default: m.CommunicationsGuidePage })),
);
// mkt21: e-mail marketing and its overview.
const EmailMarketingPage = lazy(() =>
  import('../../features/email-marketing/index.ts').then((m) => ({ default: m.EmailMarketingPage })),
);
const MarketingOverviewPage = lazy(() =>
  import('../../features/email-marketing/index.ts').then((m) => ({ default: m.MarketingOverviewPage })),
);
// w21: workflow automation.
const WorkflowsPage = lazy(() =>
  import('../../features/workflows/index.ts').then((m) => ({ default: m.WorkflowsPage })),
);
// deals20: CRM deals and tasks.
const DealsPage = lazy(() => import('../../features/crm/index.ts').then((m) => ({ default: m.DealsPage })));
const TasksPage = lazy(() => import('../../features/crm/index.ts').then((m) => ({ default: m.TasksPage })));
const TaskPage = lazy(() => import('../../features/crm/index.ts').then((m) => ({ default: m.TaskPage })));
// events18: events, the event editor and one ticket order.
const eventPage = (name: 'EventsPage' | 'EventNewPage' | 'EventEditPage' | 'TicketOrderPage') =>
  lazy(() => import('../../features/events/index.ts').then((m) => ({ default: m[name] })));
const EventsPage = eventPage('EventsPage');
const EventNewPage = eventPage('EventNewPage');
const EventEditPage = eventPage('EventEditPage');
const TicketOrderPage = eventPage('TicketOrderPage');
// tix18: check-in at the door.
const CheckInPage = lazy(() => import('../../features/events/index.ts').then((m) => ({ default: m.CheckInPage })));
// e18: the ticket orders list.
const TicketOrdersPage = lazy(() =>
  import('../../features/events/index.ts').then((m) => ({ default: m.TicketOrdersPage })),
);
// cf17: the staff list of crowdfunding pages.
const CrowdfundingListPage = lazy(() =>
  import('../../features/crowdfunding/index.ts').then((m) => ({ default: m.CrowdfundingListPage })),
);
// pay25: payment requests (decision 050).
const paymentRequestPage = (name: 'PaymentRequestsPage' | 'PaymentRequestPage' | 'PaymentRequestNewPage') =>
  lazy(() => import('../../features/payment-requests/index.ts').then((m) => ({ default: m[name] })));
const PaymentRequestsPage = paymentRequestPage('PaymentRequestsPage');
const PaymentRequestPage = paymentRequestPage('PaymentRequestPage');
const PaymentRequestNewPage = paymentRequestPage('PaymentRequestNewPage');
// pay25b: payment request e-mail templates.
const PaymentRequestEmailsPage = lazy(() =>
  import('../../features/email-templates/routes/EmailTemplatePages.tsx').then((m) => ({
    default: m.PaymentRequestEmailsPage,
  })),
);
const DonorPage = lazy(() =>
  import('../../features/donors/routes/DonorPage.tsx').then((m) => ({ default: m.DonorPage })),
);
const OneTimeEmailsPage = lazy(() =>
  import('../../features/email-templates/routes/EmailTemplatePages.tsx').then((m) => ({
    default: m.OneTimeEmailsPage,
  })),
);
const RecurringEmailsPage = lazy(() =>
  import('../../features/email-templates/routes/EmailTemplatePages.tsx').then((m) => ({
    default: m.RecurringEmailsPage,
  })),
);
const CampaignReceiptPage = lazy(() =>
  import('../../features/email-templates/routes/CampaignReceiptPage.tsx').then((m) => ({
    default: m.CampaignReceiptPage,
  })),
);
const donorPage = (name: keyof typeof import('../../features/portal/routes/DonorPages.tsx')) =>
  lazy(() => import('../../features/portal/routes/DonorPages.tsx').then((m) => ({ default: m[name] })));
const MyDonationsPage = donorPage('MyDonationsPage');
const RecurringDonationsPage = donorPage('RecurringDonationsPage');
const RecurringEditPage = donorPage('RecurringEditPage');
const DonationPage = donorPage('DonationPage');
const StaffDonationPage = lazy(() =>
  import('../../features/donation-admin/routes/DonationPage.tsx').then((m) => ({ default: m.DonationPage })),
);
const DonationNewPage = lazy(() =>
  import('../../features/donation-admin/routes/DonationNewPage.tsx').then((m) => ({ default: m.DonationNewPage })),
);
const TransactionsPage = lazy(() =>
  import('../../features/donation-admin/routes/TransactionsPage.tsx').then((m) => ({ default: m.TransactionsPage })),
);
const TransactionPage = lazy(() =>
  import('../../features/donation-admin/routes/TransactionPage.tsx').then((m) => ({ default: m.TransactionPage })),
);
const ImportsPage = lazy(() =>
  import('../../features/imports/routes/ImportsPage.tsx').then((m) => ({ default: m.ImportsPage })),
);
// ri23: recurring imports.
const RecurringImportsPage = lazy(() =>
  import('../../features/imports/routes/RecurringImportsPage.tsx').then((m) => ({ default: m.RecurringImportsPage })),
);
const ProfilePage = lazy(() =>
  import('../../features/profile/routes/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })),
);
// seg20: CRM segments.
// api21: integrations (API keys).
const IntegrationsPage = lazy(() =>
  import('../../features/integrations/index.ts').then((m) => ({ default: m.IntegrationsPage })),
);
// ai22: AI insights.
const InsightsPage = lazy(() => import('../../features/insights/index.ts').then((m) => ({ default: m.InsightsPage })));
// kb21: the staff knowledge base.
const KnowledgeBasePage = lazy(() =>
  import('../../features/knowledge-base/index.ts').then((m) => ({ default: m.KnowledgeBasePage })),
);
const SegmentsPage = lazy(() => import('../../features/crm/index.ts').then((m) => ({ default: m.SegmentsPage })));
// crm20: the contacts import.
const ContactImportPage = lazy(() =>
  import('../../features/crm/index.ts').then((m) => ({ default: m.ContactImportPage })),
);
const CrmSettingsPage = lazy(() => import('../../features/crm/index.ts').then((m) => ({ default: m.CrmSettingsPage })));
const SegmentDonorsPage = lazy(() =>
  import('../../features/crm/index.ts').then((m) => ({ default: m.SegmentDonorsPage })),
);
// cf17b: the crowdfunding new, detail and edit screens, one chunk with the list.
const crowdfundingPage = (name: 'CrowdfundingNewPage' | 'CrowdfundingDetailPage' | 'CrowdfundingEditPage') =>
  lazy(() => import('../../features/crowdfunding/index.ts').then((m) => ({ default: m[name] })));
const CrowdfundingNewPage = crowdfundingPage('CrowdfundingNewPage');
const CrowdfundingDetailPage = crowdfundingPage('CrowdfundingDetailPage');
const CrowdfundingEditPage = crowdfundingPage('CrowdfundingEditPage');

/** Pages inside the shell show a spinner in the content area, not over the sidebar. */
function PageSpinner() {
  return (
    <Center mih="50vh" role="status" aria-label="Loading">
      <Loader color={CONSTANTS.spinnerColor} />
    </Center>
  );
}
const inShell = (element: ReactNode) => <Suspense fallback={<PageSpinner />}>{element}</Suspense>;

// console24: the console's screens load with the console only (decision 046).
const consolePage = (name: Exclude<keyof typeof import('../../features/console/index.ts'), 'PlatformNotice'>) =>
  lazy(() => import('../../features/console/index.ts').then((m) => ({ default: m[name] })));
const ConsoleIndexPage = consolePage('ConsoleIndexPage');
const ConsoleOrganisationsPage = consolePage('ConsoleOrganisationsPage');
const ConsoleOrganisationPage = consolePage('ConsoleOrganisationPage');
const ConsoleUsersPage = consolePage('ConsoleUsersPage');
const ConsoleSettingsPage = consolePage('ConsoleSettingsPage');
// mem19: memberships.
const MembershipPage = lazy(() =>
  import('../../features/membership/index.ts').then((m) => ({ default: m.MembershipPage })),
);
// admin24: the console's transactions, figures, announcements and security (decision 054).
const ConsoleTransactionsPage = consolePage('ConsoleTransactionsPage');
// con24b: the console's sales, announcements, security and analytics.
const ConsoleSalesPage = consolePage('ConsoleSalesPage');
const ConsoleNotificationsPage = consolePage('ConsoleNotificationsPage');
const ConsoleSecurityPage = consolePage('ConsoleSecurityPage');
// con24c: the console's analytics (decision 063).
const ConsoleAnalyticsPage = consolePage('ConsoleAnalyticsPage');
/** Screens that exist; every other guarded route shows the placeholder page with its title. */
const RecurringPlansPage = lazy(() =>
  import('../../features/recurring/routes/RecurringPlansPage.tsx').then((m) => ({ default: m.RecurringPlansPage })),
);
const RecurringPlanPage = lazy(() =>
  import('../../features/recurring/routes/RecurringPlanPage.tsx').then((m) => ({ default: m.RecurringPlanPage })),
);
// p2p16: the peer feature's pages, one chunk.
type PeerPageName = 'PeerDashboardPage' | 'PeerDonationsPage' | 'PeerEditPage' | 'PeerDonatePage' | 'PeerToPeerPage';
const PEER_PAGES = {
  PeerDashboardPage: lazy(() => import('../../features/peer/index.ts').then((m) => ({ default: m.PeerDashboardPage }))),
  PeerDonationsPage: lazy(() => import('../../features/peer/index.ts').then((m) => ({ default: m.PeerDonationsPage }))),
  PeerEditPage: lazy(() => import('../../features/peer/index.ts').then((m) => ({ default: m.PeerEditPage }))),
  PeerDonatePage: lazy(() => import('../../features/peer/index.ts').then((m) => ({ default: m.PeerDonatePage }))),
  PeerToPeerPage: lazy(() => import('../../features/peer/index.ts').then((m) => ({ default: m.PeerToPeerPage }))),
};
// p2p16b: the captain's view of a team (the peer feature's chunk).
const FundraisingTeamPage = lazy(() =>
  import('../../features/peer/index.ts').then((m) => ({ default: m.FundraisingTeamPage })),
);
function PeerPage({ name }: { name: PeerPageName }) {
  const Page = PEER_PAGES[name];
  return <Page />;
}
const SCREENS: Record<string, ReactNode> = {
  '/my-donations': <MyDonationsPage />,
  '/recurring-donations': <RecurringDonationsPage />,
  '/recurring-edit/:id': <RecurringEditPage />,
  '/donation/:id': <DonationPage />,
  '/dashboard/recurring': <RecurringPlansPage />,
  '/dashboard/recurring-plan/:id': <RecurringPlanPage />,
  '/dashboard/donors': <DonorsPage />,
  '/dashboard/donor/:id': <DonorPage />,
  '/dashboard/home': <HomePage />,
  '/dashboard/launchpad': <LaunchpadPage />,
  '/dashboard/settings': <DashboardSettingsPage />,
  '/admin': <AdminOverviewPage />,
  '/admin/dashboard': <AdminOverviewPage />,
  '/dashboard/analysis': <AnalysisPage />,
  // rep23: the reports centre.
  '/dashboard/reports': <ReportsPage />,
  // crm20: year-end statements in bulk.
  '/dashboard/reports/statements': <StatementsPage />,
  // g23: Gift Aid claims.
  '/dashboard/reports/gift-aid': <GiftAidPage />,
  '/admin/account': <AccountPage />,
  '/admin/processors': <ProcessorsPage />,
  '/admin/team': <TeamPage />,
  '/stripe-methods': <PaymentMethodsPage />,
  '/exchange-rates': <ExchangeRatesPage />,
  '/admin/organization': <OrganisationPage />,
  '/admin/security': <SecurityPage />,
  '/dashboard/campaigns': <CampaignsPage />,
  '/dashboard/campaign-donations/:id': <CampaignDonationsPage />,
  '/dashboard/donations': <DonationsListPage />,
  '/dashboard/imports': <ImportsPage />,
  '/dashboard/recurring_imports': <RecurringImportsPage />,
  '/dashboard/donation/:id': <StaffDonationPage />,
  '/dashboard/donation-new': <DonationNewPage />,
  // e18: /dashboard/tickets lists ticket orders; the transactions list moved to /dashboard/transactions.
  '/dashboard/tickets': <TicketOrdersPage />,
  '/dashboard/transactions': <TransactionsPage />,
  '/dashboard/transaction/:id': <TransactionPage />,
  '/dashboard/campaign-new': <CampaignNewPage />,
  '/dashboard/campaign-edit/:id': <CampaignEditPage />,
  '/dashboard/campaigns/one-time-emails': <OneTimeEmailsPage />,
  '/dashboard/campaigns/recurring-emails': <RecurringEmailsPage />,
  '/dashboard/campaigns/receipts/:id': <CampaignReceiptPage />,
  // CRM contacts.
  '/dashboard/crm/contacts': <ContactsPage />,
  // CRM communications record and guide.
  '/dashboard/crm/communications': <CommunicationsPage />,
  '/dashboard/crm/communications-guide': <CommunicationsGuidePage />,
  // mkt21: e-mail marketing.
  '/dashboard/crm/email-marketing': <EmailMarketingPage />,
  '/dashboard/crm/marketing': <MarketingOverviewPage />,
  // w21: workflow automation.
  '/dashboard/crm/workflow-automation': <WorkflowsPage />,
  // seg20: CRM segments.
  '/dashboard/crm/ai-insights': <InsightsPage />,
  '/dashboard/crm/segments': <SegmentsPage />,
  // kb21: the staff knowledge base.
  '/dashboard/crm/knowledge-base': <KnowledgeBasePage />,
  '/dashboard/crm/segments/:segmentId/donors': <SegmentDonorsPage />,
  // console24: the platform console (decision 046).
  '/console': <ConsoleIndexPage />,
  '/console/organizations': <ConsoleOrganisationsPage />,
  '/console/organizations/:id': <ConsoleOrganisationPage />,
  '/console/users': <ConsoleUsersPage />,
  '/console/settings': <ConsoleSettingsPage />,
  // admin24: the console's transactions, figures, announcements and security (decision 054).
  '/console/transactions': <ConsoleTransactionsPage />,
  // p2p16: fundraiser pages and the staff P2P view (decision 044).
  '/peer-dashboard': <PeerPage name="PeerDashboardPage" />,
  '/peer-donations/:id': <PeerPage name="PeerDonationsPage" />,
  '/peer-campaign-edit/:id': <PeerPage name="PeerEditPage" />,
  '/donate': <PeerPage name="PeerDonatePage" />,
  '/dashboard/peer-to-peer/:id': <PeerPage name="PeerToPeerPage" />,
  // deals20: CRM deals and tasks.
  '/dashboard/crm/deals': <DealsPage />,
  '/dashboard/crm/tasks': <TasksPage />,
  '/dashboard/crm/tasks/:taskId': <TaskPage />,
  // events18: events and ticket orders.
  '/dashboard/events': <EventsPage />,
  '/dashboard/event-new': <EventNewPage />,
  '/dashboard/events/edit/:id': <EventEditPage />,
  '/dashboard/tickets/:id': <TicketOrderPage />,
  // tix18: check-in at the door.
  '/dashboard/events/:id/check-in': <CheckInPage />,
  // cf17: crowdfunding pages.
  '/dashboard/crowdfunding': <CrowdfundingListPage />,
  // mem19: memberships.
  '/dashboard/membership': <MembershipPage />,
  // crm20: the contacts import.
  '/dashboard/crm/contacts/import': <ContactImportPage />,
  '/dashboard/crm/settings': <CrmSettingsPage />,
  // pay25: payment requests.
  '/dashboard/payment-requests': <PaymentRequestsPage />,
  '/dashboard/payment-requests/:id': <PaymentRequestPage />,
  '/dashboard/payment-request-new': <PaymentRequestNewPage />,
  // con24b: the console's sales, announcements, security and analytics.
  '/console/sales': <ConsoleSalesPage />,
  '/console/notifications': <ConsoleNotificationsPage />,
  '/console/security': <ConsoleSecurityPage />,
  // con24c: the console's analytics (decision 063).
  '/console/analytics': <ConsoleAnalyticsPage />,
  // pay25b: payment request e-mail templates.
  '/dashboard/payment-requests/emails': <PaymentRequestEmailsPage />,
  // p2p16b: the captain's view of a team.
  '/fundraising-team/:id': <FundraisingTeamPage />,
  // cf17b: crowdfunding new, detail and edit.
  '/dashboard/crowdfunding/new': <CrowdfundingNewPage />,
  '/dashboard/crowdfunding/:id': <CrowdfundingDetailPage />,
  '/dashboard/crowdfunding/:id/edit': <CrowdfundingEditPage />,
  // api21: integrations (API keys, connectors).
  '/dashboard/crm/integrations': <IntegrationsPage />,
};

/**
 * Pages for any signed-in user, reached from the top bar, with no role list (docs/product/sign-in.md#route-access).
 * (The top bar's /knowledge-base and /resources/fundraising-guide are public pages of the marketing site.)
 */
const SIGNED_IN_SCREENS: Record<(typeof SIGNED_IN_ROUTES)[number], ReactNode> = {
  // Every role's account settings are its profile (docs/product/profile.md).
  '/account-settings': <Navigate to="/profile" replace />,
  '/notifications': <NotificationsPage />,
  '/user': <PlaceholderPage path="/user" />,
  '/profile': <ProfilePage />,
};
const signedInRoutes: RouteObject[] = SIGNED_IN_ROUTES.map((path) => ({
  path,
  element: inShell(SIGNED_IN_SCREENS[path]),
  handle: accessHandle('signed-in'),
}));

/** The authenticated area: the guard, then the shell, then the route's page (docs/product/sign-in.md#route-access). */
export function authenticatedRoutes(): RouteObject[] {
  const guarded: RouteObject[] = GUARDED_ROUTES.map(({ path, group }) => ({
    path,
    handle: accessHandle(group),
    element: inShell(SCREENS[path] ?? <PlaceholderPage path={path} />),
  }));
  return [
    {
      element: (
        <RequireSession>
          <Suspense fallback={<FullPageSpinner />}>
            <AppLayout />
          </Suspense>
        </RequireSession>
      ),
      children: [...guarded, ...signedInRoutes],
    },
  ];
}

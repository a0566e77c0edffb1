import { PUBLIC_PATTERNS, PUBLIC_ROUTES } from '@kindling/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { marketingRoutes } from '../../marketing/marketing.routes.tsx';
import { CampaignNotFoundPage } from '../../system/CampaignNotFoundPage.tsx';
import { FullPageSpinner } from '../../system/FullPageSpinner.tsx';
import { PublicPlaceholderPage } from '../../system/PublicPlaceholderPage.tsx';
import { ServerPage } from '../../system/ServerPage.tsx';
import { UnauthorizedPage } from '../../system/UnauthorizedPage.tsx';

// Each sign-in screen is its own chunk: a donor opening a campaign link downloads none of them.
const LoginPage = lazy(() =>
  import('../../features/auth/routes/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const SignUpPage = lazy(() =>
  import('../../features/auth/routes/SignUpPage.tsx').then((m) => ({ default: m.SignUpPage })),
);
const SelectNpoPage = lazy(() =>
  import('../../features/auth/routes/SelectNpoPage.tsx').then((m) => ({ default: m.SelectNpoPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../../features/auth/routes/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../../features/auth/routes/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);

// A colleague's team invitation from an e-mail link (docs/product/team.md#invitations).
const TeamInvitationPage = lazy(() =>
  import('../../features/team/routes/TeamInvitationPage.tsx').then((m) => ({ default: m.TeamInvitationPage })),
);

// A new e-mail address confirmed from the link sent to it (docs/product/profile.md#e-mail-address).
const VerifyEmailPage = lazy(() =>
  import('../../features/auth/routes/VerifyEmailPage.tsx').then((m) => ({ default: m.VerifyEmailPage })),
);
const ConfirmEmailPage = lazy(() =>
  import('../../features/profile/routes/ConfirmEmailPage.tsx').then((m) => ({ default: m.ConfirmEmailPage })),
);

// The donor portal from an e-mail link: its own chunk, no shell, no sign-in (decision 012).
const PortalPage = lazy(() =>
  import('../../features/portal/routes/PortalPage.tsx').then((m) => ({ default: m.PortalPage })),
);

// The link a visitor who asked to fundraise follows from the e-mail (decision 023).
const JoinFundraiserPage = lazy(() =>
  import('../../features/fundraisers/routes/JoinFundraiserPage.tsx').then((m) => ({ default: m.JoinFundraiserPage })),
);

// mem19c: a member's card from the card's e-mail (docs/decisions/064-member-cards.md).
const MemberCardPage = lazy(() =>
  import('../../features/membership/index.ts').then((m) => ({ default: m.MemberCardPage })),
);

const page = (element: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{element}</Suspense>;

/** Public screens owned by the app core (sign-in, sign-up, passwords, system pages). */
const authRoutes: RouteObject[] = [
  { path: '/login', element: page(<LoginPage />) },
  { path: '/signup', element: page(<SignUpPage />) },
  { path: '/register', element: page(<SignUpPage />) },
  { path: '/select-npo', element: page(<SelectNpoPage />) },
  { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
  { path: '/reset-password', element: page(<ResetPasswordPage />) },
  { path: '/password-reset/:id', element: page(<ResetPasswordPage />) },
  { path: '/team-invitation/:token', element: page(<TeamInvitationPage />) },
  { path: '/confirm-email/:token', element: page(<ConfirmEmailPage />) },
  { path: '/verify-email/:token', element: page(<VerifyEmailPage />) },
  { path: '/unauthorized', element: <UnauthorizedPage /> },
  { path: '/portal', element: page(<PortalPage />) },
  { path: '/portal/:token', element: page(<PortalPage />) },
  { path: '/join-fundraiser', element: page(<JoinFundraiserPage />) },
  // p2p16: /team-page/{url} is the server's own light page (team.html, decision 079), never a placeholder here.
  { path: '/team-page/:id', element: <ServerPage title="Team page" /> },
  // mem19c: the member card.
  { path: '/member-card/:token', element: page(<MemberCardPage />) },
  // pay25: /pay/{id} is the server's own page (pay.html), never a placeholder here.
  { path: '/pay/:id', element: <ServerPage /> },
  // A single unknown segment may be a campaign address (docs/product/sign-in.md#public-routes).
  { path: '/:campaignUrl', element: <CampaignNotFoundPage /> },
];

/**
 * Every public route in docs/product/sign-in.md#public-routes: the screens above, the marketing pages, and a real
 * placeholder page for each public route whose screen arrives later.
 */
export function publicRoutes(): RouteObject[] {
  const owned = [...authRoutes, ...marketingRoutes];
  const taken = new Set(routePaths(owned));
  const placeholders = [...PUBLIC_ROUTES, ...PUBLIC_PATTERNS]
    .filter((path) => !taken.has(path))
    .map((path): RouteObject => ({ path, element: <PublicPlaceholderPage path={path} /> }));
  return [...owned, ...placeholders];
}

/** Absolute paths of a route tree, including nested and layout routes. */
function routePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
    const self = route.path || route.index ? [own || '/'] : [];
    return [...self, ...routePaths(route.children ?? [], own === '/' ? '' : own)];
  });
}

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FullPageSpinner } from '../system/FullPageSpinner.tsx';

/**
 * Public marketing and information routes in docs/product/shell.md#public-site (the auth screens live elsewhere).
 * Every page and the layout are lazy modules, so a visitor downloads the landing page's code only and a
 * donor opening a campaign link downloads none of it.
 */

/** Paths rendered by the generic text page (content/index.ts holds their words). */
export const INFO_PATHS = [
  '/product',
  '/features',
  '/resources',
  '/resources/fundraising-guide',
  '/pricing',
  '/documentation',
  '/about',
  '/careers',
  '/blog/getting-started-guide',
  '/blog/advanced-campaign-strategies',
  '/blog/donor-engagement-playbook',
  '/blog/api-documentation-guide',
  '/press',
  '/help',
  '/case-studies',
  '/contact',
  '/security',
  '/compliance',
  '/terms',
  '/privacy',
  '/sales-contact',
  '/campaign-referal',
  '/start',
  '/success',
  '/return',
  '/reauth',
  '/onboarding',
  '/goodbye',
  '/knowledge-base',
  '/subscriptions',
  '/campaign_page',
  '/peer_campaign_page',
] as const;

const page = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

const infoPage = page(async () => (await import('./pages/InfoPage.tsx')).InfoPage);

export const marketingRoutes: RouteObject[] = [
  {
    // Shown while the first page's code loads (the router renders nothing until its lazy routes resolve).
    HydrateFallback: FullPageSpinner,
    lazy: page(async () => (await import('./MarketingLayout.tsx')).MarketingLayout),
    children: [
      { path: '/', lazy: page(async () => (await import('./pages/LandingPage.tsx')).LandingPage) },
      { path: '/blog', lazy: page(async () => (await import('./pages/BlogIndexPage.tsx')).BlogIndexPage) },
      { path: '/logos', lazy: page(async () => (await import('./pages/LogosPage.tsx')).LogosPage) },
      {
        path: '/getting-started',
        lazy: page(async () => (await import('./pages/GettingStartedPage.tsx')).GettingStartedPage),
      },
      {
        path: '/api-reference',
        lazy: page(async () => (await import('./pages/ApiReferencePage.tsx')).ApiReferencePage),
      },
      ...INFO_PATHS.map((path): RouteObject => ({ path, lazy: infoPage })),
    ],
  },
];

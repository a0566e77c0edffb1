import { PUBLIC_ROUTES } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInSession, signedOutSession } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { marketingRoutes } from './marketing.routes.tsx';

/** Public routes in docs/product/shell.md#public-site that are screens of the sign-in flow, not marketing pages. */
const AUTH_SCREENS = [
  '/login',
  '/signup',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/select-npo',
  '/unauthorized',
];

/** Every other public route of the contract (the top bar's knowledge base and guide among them). */
const REQUIRED: string[] = PUBLIC_ROUTES.filter((path) => !AUTH_SCREENS.includes(path));

const declared = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.path ? [route.path] : []), ...declared(route.children ?? [])]);

const renderPublic = (path: string, session = signedOutSession) =>
  renderRoutes(marketingRoutes, { initialEntries: [path], session });

describe('marketing routes', () => {
  it('declare every listed public page, each once', () => {
    const paths = declared(marketingRoutes);
    expect(paths.filter((path) => !REQUIRED.includes(path))).toEqual([]);
    expect([...paths].sort()).toEqual([...REQUIRED].sort());
  });

  it('load every page lazily', () => {
    const [layout] = marketingRoutes;
    expect(typeof layout?.lazy).toBe('function');
    for (const child of layout?.children ?? []) expect(typeof child.lazy, child.path).toBe('function');
  });

  it.each(REQUIRED)('%s renders a titled page with header, main and footer', async (path) => {
    renderPublic(path);
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(heading.textContent?.trim()).not.toBe('');
    expect(heading).not.toHaveTextContent('Page not found');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(heading);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

describe('landing page', () => {
  it('links to sign-up, the live demo, features, pricing and resources', async () => {
    renderPublic('/');
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { level: 1 });
    const hrefs = main.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const path of ['/signup', '/getting-started', '/features', '/pricing', '/resources']) {
      expect(hrefs).toContain(path);
    }
    for (const claim of ['100+', '135+', '99.99%', '10,000+'])
      expect(main.getAllByText(claim).length).toBeGreaterThan(0);
    for (const method of ['Visa', 'Apple Pay', 'SEPA', 'Klarna', 'Alipay'])
      expect(main.getByText(method)).toBeInTheDocument();
  });

  it('has the public navigation and the footer columns of the public site', async () => {
    renderPublic('/');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/product',
      '/features',
      '/resources',
      '/pricing',
    ]);
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    for (const column of ['Product', 'Company', 'Support', 'Legal']) {
      expect(screen.getByRole('navigation', { name: column })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('navigation', { name: 'Legal' })).getAllByRole('link')).toHaveLength(4);
  });

  it('opens the menu from the burger with the same links', async () => {
    const user = userEvent.setup();
    renderPublic('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = within(await screen.findByRole('navigation', { name: 'Main menu' }));
    expect(menu.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('offers a signed-in visitor the way back into the app instead of Login', async () => {
    renderPublic('/', signedInSession(5150));
    const header = within(await screen.findByRole('banner'));
    expect(header.getByRole('link', { name: 'Open Kindling' })).toHaveAttribute('href', '/dashboard/home');
    expect(header.queryByRole('link', { name: 'Login' })).toBeNull();
  });
});

describe('other public pages', () => {
  it('shows the text and square logos in several sizes and colour variants', async () => {
    renderPublic('/logos');
    await screen.findByRole('heading', { level: 1, name: 'Logo assets' });
    const logos = within(screen.getByRole('main')).getAllByRole('img', { name: 'Kindling' });
    const heights = new Set(logos.map((logo) => logo.getAttribute('height')));
    expect(heights.size).toBeGreaterThanOrEqual(4);
    for (const variant of ['Full colour on light', 'Full colour on dark', 'Inverse on brand orange', 'One colour']) {
      expect(screen.getByText(variant)).toBeInTheDocument();
    }
  });

  it('explains the demo sign-ins on the live demo page and links to sign in', async () => {
    renderPublic('/getting-started');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('admin@kindling.test')).toBeInTheDocument();
    expect(screen.getByText('kindling-demo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to the demo' })).toHaveAttribute('href', '/login');
  });

  it('lists the four blog posts on /blog', async () => {
    renderPublic('/blog');
    await screen.findByRole('heading', { level: 1 });
    const posts = screen.getAllByRole('article');
    expect(posts).toHaveLength(4);
    expect(within(posts[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/blog/getting-started-guide');
  });
});

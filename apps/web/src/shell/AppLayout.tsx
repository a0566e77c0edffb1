import { CONSTANTS, isChromeless } from '@kindling/contracts';
import { AppShell } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PlatformNotice } from '../features/console/components/PlatformNotice.tsx';
import { useSession } from '../session';
import classes from './AppLayout.module.css';
import { AssistantButton } from './AssistantButton.tsx';
import { MobileNavDrawer } from './MobileNavDrawer.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SearchOverlay } from './top-bar/SearchOverlay.tsx';
import { TopBar, type TopBarLayout } from './top-bar/TopBar.tsx';
import { useEdgeSwipeToOpen } from './use-drawer-gestures.ts';

const EXPANDED_WIDTH = 256;
const COLLAPSED_WIDTH = 72;

/** Widths (px) at which more of the top bar fits inline. */
const WIDE_PX = 1200;
// Icons and the word mark fit beside the quick links and their badges from 1600 px; at 1440 they overlapped.
const FULL_PX = 1600;

const atLeast = (px: number) => `(min-width: ${px}px)`;

function useTopBarLayout(): TopBarLayout {
  const options = { getInitialValueInEffect: false };
  const desktop = useMediaQuery(atLeast(CONSTANTS.mobileBreakpointPx), true, options);
  const wide = useMediaQuery(atLeast(WIDE_PX), true, options);
  const full = useMediaQuery(atLeast(FULL_PX), true, options);
  if (!desktop) return 'mobile';
  if (full) return 'full';
  return wide ? 'wide' : 'compact';
}

/**
 * The authenticated shell (docs/product/shell.md#sidebar and #top-bar): sidebar and top bar around the page, or the
 * page alone on the chromeless paths (and the selected campaign's public address).
 */
export function AppLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  if (isChromeless(pathname, session.selectedCampaignUrl)) return <Outlet />;
  return <AppChrome />;
}

function AppChrome() {
  const { pathname } = useLocation();
  const layout = useTopBarLayout();
  const mobile = layout === 'mobile';
  const [drawerOpened, setDrawerOpened] = useState(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'sidebarCollapsed', defaultValue: false });

  // Following a link closes the drawer; leaving the mobile width closes it too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setDrawerOpened(false), [pathname]);
  useEffect(() => {
    if (!mobile) setDrawerOpened(false);
  }, [mobile]);
  useEdgeSwipeToOpen(mobile && !drawerOpened, () => setDrawerOpened(true));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: collapsed ? COLLAPSED_WIDTH : EXPANDED_WIDTH,
        breakpoint: CONSTANTS.mobileBreakpointPx,
        collapsed: { mobile: true },
      }}
      padding={mobile ? 'sm' : 'lg'}
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <TopBar layout={layout} drawerOpened={drawerOpened} onOpenDrawer={() => setDrawerOpened(true)} />
      </AppShell.Header>
      {!mobile && (
        <AppShell.Navbar aria-label="Main navigation">
          <Sidebar collapsed={collapsed} onToggleCollapse={() => setCollapsed((value) => !value)} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        {/* console24: the maintenance banner and a suspended organisation's notice (decision 046). */}
        <PlatformNotice />
        <Outlet />
      </AppShell.Main>
      {mobile && <MobileNavDrawer opened={drawerOpened} onClose={() => setDrawerOpened(false)} />}
      <SearchOverlay />
      <AssistantButton />
    </AppShell>
  );
}

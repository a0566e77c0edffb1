import { Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../session';
import { isSignedIn } from '../session/session-state.ts';
import { canReachPath } from '../shell/route-access.ts';
import { DarkModeToggle } from '../shell/top-bar/DarkModeToggle.tsx';
import { KindlingTextLogo } from './Logo.tsx';
import classes from './marketing.module.css';

/** Public navigation in docs/product/shell.md#public-site (Login and Sign Up are the buttons). */
export const PUBLIC_NAV = [
  { label: 'Product', to: '/product' },
  { label: 'Features', to: '/features' },
  { label: 'Resources', to: '/resources' },
  { label: 'Pricing', to: '/pricing' },
] as const;

/** Where "Open Kindling" takes someone already signed in. */
function useAppEntry(): string | null {
  const session = useSession();
  if (!isSignedIn(session)) return null;
  if (session.role === null) return session.npos.length > 1 ? '/select-npo' : '/signup?step=3';
  if (canReachPath('/dashboard/home', session.role, session.roleName)) return '/dashboard/home';
  return canReachPath('/peer-dashboard', session.role, session.roleName) ? '/peer-dashboard' : '/console';
}

function AccountButtons({ stacked }: { stacked?: boolean }) {
  const appEntry = useAppEntry();
  if (appEntry) {
    return (
      <Button component={Link} to={appEntry} fullWidth={stacked}>
        Open Kindling
      </Button>
    );
  }
  return (
    <>
      <Button component={Link} to="/login" variant="default" fullWidth={stacked}>
        Login
      </Button>
      <Button component={Link} to="/signup" fullWidth={stacked}>
        Sign Up
      </Button>
    </>
  );
}

export function PublicHeader() {
  const [opened, { open, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(close, [pathname]);
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Link to="/" className={classes.brand} aria-label="Kindling home">
          <KindlingTextLogo height={30} />
        </Link>
        <nav aria-label="Main" style={{ flex: 1 }}>
          <Group component="ul" className={classes.navList} visibleFrom="sm" justify="center">
            {PUBLIC_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={classes.navLink}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </Group>
        </nav>
        <Group gap="xs" wrap="nowrap">
          <DarkModeToggle />
          <Group gap="xs" visibleFrom="sm" wrap="nowrap">
            <AccountButtons />
          </Group>
          <Burger hiddenFrom="sm" opened={opened} onClick={open} aria-label="Open menu" size="sm" />
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} position="right" size="xs" title="Menu" hiddenFrom="sm">
        <nav aria-label="Main menu">
          {PUBLIC_NAV.map((item) => (
            <Link key={item.to} to={item.to} className={classes.drawerLink}>
              {item.label}
            </Link>
          ))}
        </nav>
        <Stack mt="lg" gap="sm">
          <AccountButtons stacked />
        </Stack>
      </Drawer>
    </header>
  );
}

import { Burger, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PlatformMark, usePlatformName } from '../../features/console/components/PlatformMark.tsx';
import { useSession } from '../../session';
import { canReachPath } from '../route-access.ts';
import { DarkModeToggle } from './DarkModeToggle.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { OrganisationSwitcher } from './OrganisationSwitcher.tsx';
import { QuickLinks } from './QuickLinks.tsx';
import { SearchButton } from './SearchOverlay.tsx';
import classes from './TopBar.module.css';
import { MobileMenu, ResourcesMenu, UserMenu } from './TopBarMenus.tsx';

/**
 * How much fits: 'mobile' (< 768 px, drawer navigation), 'compact' (quick links folded into the
 * menu), 'wide' (quick links inline), 'full' (with the text logo, icons and the search label).
 */
export type TopBarLayout = 'mobile' | 'compact' | 'wide' | 'full';

type TopBarProps = { layout: TopBarLayout; drawerOpened: boolean; onOpenDrawer: () => void };

/** The top bar in docs/product/shell.md#top-bar. */
export function TopBar({ layout, drawerOpened, onOpenDrawer }: TopBarProps) {
  const session = useSession();
  // k24: the platform's name and logo from /console/settings (decision 083).
  const platformName = usePlatformName();
  const inline = layout === 'wide' || layout === 'full';
  // The logo goes to /dashboard/home (docs/product/shell.md#top-bar); a role that cannot open it goes to its own start
  // page.
  const home = canReachPath('/dashboard/home', session.role, session.roleName)
    ? '/dashboard/home'
    : canReachPath('/peer-dashboard', session.role, session.roleName)
      ? '/peer-dashboard'
      : '/';
  return (
    <div className={classes.bar}>
      {layout === 'mobile' && (
        <Burger
          opened={drawerOpened}
          onClick={onOpenDrawer}
          size="sm"
          aria-label="Open navigation"
          aria-expanded={drawerOpened}
        />
      )}
      <Link to={home} className={classes.logo} aria-label={`${platformName} home`}>
        <PlatformMark full={layout === 'full'} />
      </Link>
      {session.npos.length > 0 && <OrganisationSwitcher />}
      {inline && <QuickLinks withIcons={layout === 'full'} />}
      <div className={classes.spacer} />
      <Group gap={layout === 'mobile' ? 0 : 4} wrap="nowrap">
        <SearchButton compact={layout !== 'full' && layout !== 'compact'} />
        {inline && <ResourcesMenu />}
        <NotificationBell />
        <DarkModeToggle />
        {inline ? <UserMenu /> : <MobileMenu />}
      </Group>
    </div>
  );
}

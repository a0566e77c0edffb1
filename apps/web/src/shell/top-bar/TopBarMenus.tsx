import { Avatar, Button, Menu, Text, UnstyledButton } from '@mantine/core';
import { ChevronDown, CircleHelp, LogOut, Menu as MenuIcon, UserCog, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../session';
import { quickLinksFor, resourceLinksFor, userMenuLinksFor } from '../top-bar-links.ts';
import { LinkBadgeView } from './QuickLinks.tsx';
import classes from './TopBar.module.css';

/** The top bar's Sign Out: POST /logout, then the sign-in page (docs/product/shell.md#top-bar). */
function useSignOut() {
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await session.logout('POST');
    } finally {
      navigate('/login', { replace: true });
    }
  };
  return { signOut, busy };
}

const USER_LINK_ICONS: Record<string, typeof UserRound> = {
  Profile: UserRound,
  'Account settings': UserCog,
  Help: CircleHelp,
};

export function ResourcesMenu() {
  const session = useSession();
  const links = resourceLinksFor(session.role, session.roleName);
  if (links.length === 0) return null;
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <Button variant="subtle" color="gray" rightSection={<ChevronDown size={14} aria-hidden />}>
          Resources
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map(({ label, path, icon: Icon, badge }) => (
          <Menu.Item key={path} component={Link} to={path} leftSection={<Icon size={16} aria-hidden />}>
            <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              {label}
              {badge && <LinkBadgeView badge={badge} className={classes.menuBadge} />}
            </span>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function displayName(first: string, last: string, email: string) {
  return `${first} ${last}`.trim() || email;
}

export function UserMenu() {
  const session = useSession();
  const { signOut, busy } = useSignOut();
  const name = displayName(session.firstName, session.lastName, session.email);
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`} style={{ borderRadius: '50%' }}>
          <Avatar src={session.avatar ?? undefined} alt="" color="orange" radius="xl" size={34} name={name} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {session.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <UserLinks />
        <Menu.Divider />
        <Menu.Item leftSection={<LogOut size={16} aria-hidden />} onClick={signOut} disabled={busy}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function UserLinks() {
  return userMenuLinksFor().map(({ label, path }) => {
    const Icon = USER_LINK_ICONS[label] ?? UserRound;
    return (
      <Menu.Item key={label} component={Link} to={path} leftSection={<Icon size={16} aria-hidden />}>
        {label}
      </Menu.Item>
    );
  });
}

/** Under the desktop width the quick links, resources and user links fold into one menu. */
export function MobileMenu() {
  const session = useSession();
  const { signOut, busy } = useSignOut();
  const quick = quickLinksFor(session);
  const resources = resourceLinksFor(session.role, session.roleName);
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <Button variant="subtle" color="gray" px={8} aria-label="Open menu">
          <MenuIcon size={20} aria-hidden />
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah="calc(100dvh - 80px)" style={{ overflowY: 'auto' }}>
        {quick.length > 0 && <Menu.Label>Quick links</Menu.Label>}
        {quick.map(({ label, path, icon: Icon, badge }) => (
          <Menu.Item key={path} component={Link} to={path} leftSection={<Icon size={16} aria-hidden />}>
            <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              {label}
              {badge && <LinkBadgeView badge={badge} className={classes.menuBadge} />}
            </span>
          </Menu.Item>
        ))}
        {resources.length > 0 && <Menu.Label>Resources</Menu.Label>}
        {resources.map(({ label, path, icon: Icon, badge }) => (
          <Menu.Item key={`r-${path}`} component={Link} to={path} leftSection={<Icon size={16} aria-hidden />}>
            <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              {label}
              {badge && <LinkBadgeView badge={badge} className={classes.menuBadge} />}
            </span>
          </Menu.Item>
        ))}
        <Menu.Label>Account</Menu.Label>
        <UserLinks />
        <Menu.Item leftSection={<LogOut size={16} aria-hidden />} onClick={signOut} disabled={busy}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

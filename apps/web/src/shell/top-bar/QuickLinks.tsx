import { Badge, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../session';
import { isActivePath } from '../Sidebar.tsx';
import { type LinkBadge, quickLinksFor } from '../top-bar-links.ts';
import classes from './TopBar.module.css';

/** The badge is drawn for the eye; screen readers get the sentence ("3 active campaigns"). */
export function LinkBadgeView({ badge, className }: { badge: LinkBadge; className?: string }) {
  const tagged = badge.label === 'New' || badge.label === 'Popular' || badge.label === 'Important';
  return (
    <>
      <Badge
        size="sm"
        radius="sm"
        variant={tagged ? 'filled' : 'light'}
        color={badge.label === 'Important' ? 'red.8' : tagged ? 'teal.9' : 'orange'}
        className={className}
        aria-hidden
      >
        {badge.label}
      </Badge>
      <VisuallyHidden>, {badge.description}</VisuallyHidden>
    </>
  );
}

/** Home, Campaigns, Donors, Events, Donations and Analysis with their counts (docs/product/shell.md#top-bar). */
export function QuickLinks({ withIcons = true }: { withIcons?: boolean }) {
  const session = useSession();
  const { pathname } = useLocation();
  const links = quickLinksFor(session);
  if (links.length === 0) return null;
  return (
    <nav aria-label="Quick links">
      <ul className={classes.quickLinks}>
        {links.map(({ label, path, icon: Icon, badge }) => (
          <li key={path}>
            <Link
              to={path}
              className={classes.quickLink}
              aria-current={isActivePath(pathname, path) ? 'page' : undefined}
            >
              {withIcons && <Icon size={16} aria-hidden />}
              {label}
              {badge && <LinkBadgeView badge={badge} className={classes.quickLinkBadge} />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

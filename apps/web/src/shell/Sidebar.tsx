import { Collapse, Divider, ScrollArea, Tooltip } from '@mantine/core';
import { ChevronDown, CircleHelp, LogOut, type LucideIcon, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../session';
import classes from './Sidebar.module.css';
import { type NavItem, type NavSection, sidebarSectionsFor } from './sidebar-menu.ts';

type SidebarProps = {
  /** Icons only, with tooltips (desktop). */
  collapsed?: boolean;
  /** Shows the collapse button when given (desktop only). */
  onToggleCollapse?: () => void;
};

/** True for the item's own page and the pages below it (a campaign's receipts keep Campaigns lit). */
export function isActivePath(pathname: string, itemPath: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/** The role's menu in docs/product/shell.md#sidebar, with Help, Logout and (desktop) the collapse button. */
export function Sidebar({ collapsed = false, onToggleCollapse }: SidebarProps) {
  const session = useSession();
  const navigate = useNavigate();
  const sections = sidebarSectionsFor(session.role, session.roleName);
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = async () => {
    setLoggingOut(true);
    try {
      await session.logout('GET');
    } finally {
      // The server session may already be gone; either way the user wants the sign-in page.
      navigate('/login', { replace: true });
    }
  };

  return (
    <div className={`${classes.root} ${collapsed ? classes.collapsed : ''}`}>
      <ScrollArea className={classes.sections} type="hover" scrollbarSize={6}>
        {sections.map((section, index) => (
          <SidebarSection key={section.id} section={section} collapsed={collapsed} first={index === 0} />
        ))}
      </ScrollArea>
      <div className={classes.footer}>
        <SidebarLink item={{ label: 'Help', path: '/help', icon: CircleHelp }} collapsed={collapsed} />
        <SidebarButton label="Logout" icon={LogOut} collapsed={collapsed} onClick={logout} disabled={loggingOut} />
        {onToggleCollapse && (
          <SidebarButton
            label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            icon={collapsed ? PanelLeftOpen : PanelLeftClose}
            collapsed={collapsed}
            onClick={onToggleCollapse}
            expanded={!collapsed}
          />
        )}
      </div>
    </div>
  );
}

function SidebarSection({ section, collapsed, first }: { section: NavSection; collapsed: boolean; first: boolean }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const items = (
    <ul className={classes.list} id={listId} aria-label={collapsed ? section.label : undefined}>
      {section.items.map((item) => (
        <li key={item.path}>
          <SidebarLink item={item} collapsed={collapsed} />
        </li>
      ))}
    </ul>
  );
  if (collapsed) {
    // Folding makes no sense without visible headers: every icon stays in reach.
    return (
      <div className={classes.section}>
        {!first && <Divider className={classes.divider} />}
        {items}
      </div>
    );
  }
  return (
    <div className={classes.section}>
      <button
        type="button"
        className={classes.sectionToggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {section.label}
        <ChevronDown size={14} className={classes.chevron} data-folded={open ? undefined : true} aria-hidden />
      </button>
      <Collapse expanded={open} keepMounted>
        {items}
      </Collapse>
    </div>
  );
}

function WithTooltip({ label, show, children }: { label: string; show: boolean; children: ReactNode }) {
  if (!show) return children;
  return (
    <Tooltip label={label} position="right" withArrow openDelay={150}>
      {children}
    </Tooltip>
  );
}

function SidebarLink({ item, collapsed }: { item: NavItem; collapsed: boolean }) {
  const { pathname } = useLocation();
  const active = isActivePath(pathname, item.path);
  const Icon = item.icon;
  return (
    <WithTooltip label={item.label} show={collapsed}>
      <Link
        to={item.path}
        className={classes.link}
        aria-current={active ? 'page' : undefined}
        aria-label={collapsed ? item.label : undefined}
      >
        <Icon size={18} className={classes.linkIcon} aria-hidden />
        {!collapsed && <span className={classes.label}>{item.label}</span>}
      </Link>
    </WithTooltip>
  );
}

type SidebarButtonProps = {
  label: string;
  icon: LucideIcon;
  collapsed: boolean;
  onClick: () => void;
  disabled?: boolean;
  expanded?: boolean;
};

function SidebarButton({ label, icon: Icon, collapsed, onClick, disabled, expanded }: SidebarButtonProps) {
  return (
    <WithTooltip label={label} show={collapsed}>
      <button
        type="button"
        className={classes.link}
        onClick={onClick}
        disabled={disabled}
        aria-label={collapsed ? label : undefined}
        aria-expanded={expanded}
      >
        <Icon size={18} className={classes.linkIcon} aria-hidden />
        {!collapsed && <span className={classes.label}>{label}</span>}
      </button>
    </WithTooltip>
  );
}

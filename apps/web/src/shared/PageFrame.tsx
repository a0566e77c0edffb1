import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session';
import { canReachPath } from '../shell/route-access.ts';
import type { PageEntry } from './page-entry.ts';

type PageFrameProps = {
  entry: PageEntry;
  /** Heading shown on the page; the breadcrumb keeps the catalog title. */
  heading?: string;
  /** Buttons on the right of the heading (refresh and the like). */
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame every page inside the shell shares: breadcrumb, heading, description, content. */
export function PageFrame({ entry, heading, actions, children }: PageFrameProps) {
  const session = useSession();
  const homeReachable = canReachPath('/dashboard/home', session.role, session.roleName);
  const title = heading ?? entry.title;
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      {/* React 19 moves <title> into the document head. */}
      <title>{`${entry.title} · Kindling`}</title>
      <Stack gap={6}>
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separatorMargin={6} fz="sm">
            {homeReachable && entry.title !== 'Home' ? (
              <Anchor component={Link} to="/dashboard/home" size="sm" c="dimmed">
                Dashboard
              </Anchor>
            ) : null}
            <Text size="sm" c="dimmed" span>
              {entry.section}
            </Text>
            <Text size="sm" fw={500} span aria-current="page">
              {entry.title}
            </Text>
          </Breadcrumbs>
        </nav>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {actions}
        </Group>
        <Text c="dimmed" maw={720}>
          {entry.description}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}

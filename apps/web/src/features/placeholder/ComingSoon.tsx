import { Button, EmptyState, Paper } from '@mantine/core';
import { ArrowRight, LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../session';
import type { PageEntry } from '../../shared/page-entry.ts';
import { canReachPath } from '../../shell/route-access.ts';

/** The empty state shared by the page frames (also under the home dashboard's charts). */
export function ComingSoon({ entry, body }: { entry: PageEntry; body?: string }) {
  const session = useSession();
  const related = entry.related && canReachPath(entry.related.path, session.role, session.roleName);
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <EmptyState variant="light" size="lg" py="xl">
        <EmptyState.Indicator>
          <LayoutDashboard size={28} aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={2}>{entry.emptyTitle}</EmptyState.Title>
        <EmptyState.Description maw={520}>
          {body ?? 'This screen is part of an upcoming release of Kindling. It will fill in here as soon as it ships.'}
        </EmptyState.Description>
        {related && entry.related && (
          <EmptyState.Actions>
            <Button
              component={Link}
              to={entry.related.path}
              variant="light"
              rightSection={<ArrowRight size={16} aria-hidden />}
            >
              {entry.related.label}
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Paper>
  );
}

import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { overviewQueries } from '../api/overview.queries.ts';
import { LaunchpadChecklist } from '../components/LaunchpadChecklist.tsx';
import { QueryState } from '../components/QueryState.tsx';

const ENTRY = pageEntry('/dashboard/launchpad') ?? {
  section: 'Quick Access',
  title: 'Launchpad',
  description: 'A step-by-step checklist to get your organisation ready to accept its first donation.',
  emptyTitle: '',
};

/** /dashboard/launchpad: the set-up checklist from the organisation's real state (docs/product/overview.md#launchpad). */
export function LaunchpadPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const query = useQuery(overviewQueries.launchpad(npoId));
  return (
    <PageFrame entry={ENTRY}>
      {npoId === null ? (
        <Alert variant="light" title="No organisation selected">
          Choose an organisation in the switcher at the top to see its set-up.
        </Alert>
      ) : (
        <QueryState
          label="Checklist"
          isPending={query.isPending}
          error={query.error}
          isFetching={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data ? <LaunchpadChecklist launchpad={query.data} /> : null}
    </PageFrame>
  );
}

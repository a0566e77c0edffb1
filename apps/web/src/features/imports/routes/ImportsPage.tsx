import { canReach } from '@kindling/contracts';
import { Alert } from '@mantine/core';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import type { PageEntry } from '../../../shared/page-entry.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { ImportHistory } from '../components/ImportHistory.tsx';
import { ImportUpload } from '../components/ImportUpload.tsx';

export const IMPORTS_ENTRY: PageEntry = {
  title: 'Imports',
  section: 'Fundraising',
  description: 'Bring in offline and historic gifts from a CSV file; they count in every total like any other gift.',
  emptyTitle: 'No imports yet',
};

/** /dashboard/imports: upload, preview and run a donations import; the list of past imports. */
export function ImportsPage() {
  const session = useSession();
  const canImport = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  return (
    <PageFrame entry={IMPORTS_ENTRY}>
      {canImport ? (
        <ImportUpload />
      ) : (
        <Alert color="gray" title="View only">
          Your role can see past imports; an administrator, manager or finance member imports files.
        </Alert>
      )}
      <ImportHistory />
    </PageFrame>
  );
}

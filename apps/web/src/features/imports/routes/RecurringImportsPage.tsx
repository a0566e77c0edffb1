import { canReach } from '@kindling/contracts';
import { Alert } from '@mantine/core';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import type { PageEntry } from '../../../shared/page-entry.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { RecurringImportHistory } from '../components/RecurringImportHistory.tsx';
import { RecurringImportUpload } from '../components/RecurringImportUpload.tsx';

export const RECURRING_IMPORTS_ENTRY: PageEntry = {
  title: 'Recurring imports',
  section: 'Finance',
  description: 'Move recurring donation plans from another platform into Kindling without asking donors again.',
  emptyTitle: 'No recurring imports yet',
};

/** /dashboard/recurring_imports: upload, preview and run an import of plans; past imports with their plans. */
export function RecurringImportsPage() {
  const session = useSession();
  const canImport = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  return (
    <PageFrame entry={RECURRING_IMPORTS_ENTRY}>
      {canImport ? (
        <RecurringImportUpload />
      ) : (
        <Alert color="gray" title="View only">
          Your role can see past imports; an administrator, manager or finance member imports files.
        </Alert>
      )}
      <RecurringImportHistory />
    </PageFrame>
  );
}

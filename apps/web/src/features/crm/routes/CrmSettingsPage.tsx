import { canReach } from '@kindling/contracts';
import { Stack } from '@mantine/core';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { CustomFieldsPanel } from '../settings/CustomFieldsPanel.tsx';
import { DealStagesPanel } from '../settings/DealStagesPanel.tsx';

const ENTRY = pageEntry('/dashboard/crm/settings') ?? {
  section: 'CRM',
  title: 'CRM settings',
  description: 'Custom contact fields and the stages of the deals pipeline.',
  emptyTitle: 'Nothing to set yet',
};

/** /dashboard/crm/settings: custom contact fields and deal stages (edited by the admin group). */
export function CrmSettingsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const canEdit = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  return (
    <PageFrame entry={ENTRY}>
      <Stack gap="md">
        <CustomFieldsPanel npoId={npoId} canEdit={canEdit} />
        <DealStagesPanel npoId={npoId} canEdit={canEdit} />
      </Stack>
    </PageFrame>
  );
}

import { canReach } from '@kindling/contracts';
import { Stack, Text } from '@mantine/core';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ApiKeysSection } from '../components/ApiKeysSection.tsx';
import { ConnectorsSection } from '../components/ConnectorsSection.tsx';

const ENTRY = pageEntry('/dashboard/crm/integrations') ?? {
  title: 'Integrations',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};

/** /dashboard/crm/integrations: API keys (admins) and the connectors they open (decision 069). */
export function IntegrationsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const admin = canReach('admin', session.role);
  return (
    <PageFrame entry={ENTRY}>
      <Stack gap="lg">
        {admin ? (
          <ApiKeysSection npoId={npoId} />
        ) : (
          <Text size="sm" c="dimmed">
            Only your organisation’s administrators can create and revoke API keys.
          </Text>
        )}
        <ConnectorsSection />
      </Stack>
    </PageFrame>
  );
}

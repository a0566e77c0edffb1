import { canReach } from '@kindling/contracts';
import { Stack, Text } from '@mantine/core';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ApiKeysSection } from '../components/ApiKeysSection.tsx';
import { ConnectorsSection } from '../components/ConnectorsSection.tsx';
import { WebhooksSection } from '../components/WebhooksSection.tsx';

const ENTRY = pageEntry('/dashboard/crm/integrations') ?? {
  title: 'Integrations',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};

/** /dashboard/crm/integrations: API keys and webhooks (admins) and the connectors they open (decisions 069, 074). */
export function IntegrationsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const admin = canReach('admin', session.role);
  return (
    <PageFrame entry={ENTRY}>
      <Stack gap="lg">
        {admin ? (
          <>
            <ApiKeysSection npoId={npoId} />
            <WebhooksSection npoId={npoId} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Only your organisation’s administrators can create and revoke API keys and webhooks.
          </Text>
        )}
        <ConnectorsSection />
      </Stack>
    </PageFrame>
  );
}

import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { type PageEntry, pageEntry } from '../../../shared/page-catalog.ts';
import { LeaveGuard } from '../../../system/LeaveGuard.tsx';
import { templateQuery } from '../api/email-templates.queries.ts';
import { TemplateSection } from '../components/TemplateSection.tsx';

const ENTRY: PageEntry = pageEntry('/dashboard/campaigns/receipts/:id') ?? {
  title: 'Campaign receipts',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

function Links() {
  return (
    <Group gap="md">
      <Anchor component={Link} to="/dashboard/campaigns" size="sm">
        Back to campaigns
      </Anchor>
      <Anchor component={Link} to="/dashboard/campaigns/one-time-emails" size="sm">
        Organisation's receipt
      </Anchor>
    </Group>
  );
}

/**
 * /dashboard/campaigns/receipts/{id}: the receipt template of one campaign. Until it has its own,
 * it shows the organisation's (or the default) it falls back to; saving gives the campaign its own.
 */
export function CampaignReceiptPage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const validId = Number.isSafeInteger(id) && id > 0;
  const npoId = useSession().selectedNpo?.id ?? null;
  const target = { kind: 'receipt' as const, campaignId: validId ? id : 0 };
  // The same query the section runs: here only to tell a campaign that is not ours.
  const probe = useQuery({ ...templateQuery(npoId, target), enabled: validId });
  const notFound = !validId || (probe.error instanceof ApiError && probe.error.status === 404);
  const dirty = useRef(false);
  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const isDirty = useCallback(() => dirty.current, []);
  return (
    <PageFrame entry={ENTRY} actions={<Links />}>
      <LeaveGuard when={isDirty} what="the e-mail templates" />
      {notFound ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs" role="alert">
            <SearchX size={28} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text fw={600}>Campaign not found</Text>
            <Text size="sm" c="dimmed" ta="center">
              It may have been removed, or it belongs to another organisation.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <TemplateSection target={target} onDirtyChange={onDirty} />
      )}
    </PageFrame>
  );
}

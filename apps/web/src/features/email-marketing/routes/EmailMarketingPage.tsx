import { MARKETING_EMAIL_STATUS_LABELS, type TMarketingEmail } from '@kindling/contracts';
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { marketingQueries } from '../api/marketing.queries.ts';
import { EmailActions } from '../components/EmailActions.tsx';
import { EmailEditor } from '../components/EmailEditor.tsx';

const ENTRY = pageEntry('/dashboard/crm/email-marketing') ?? {
  title: 'Email marketing',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};

const rate = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–');

function EmailList({ emails, open }: { emails: TMarketingEmail[]; open: (id: number) => void }) {
  const format = useFormat();
  if (emails.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        No e-mails yet. Write your first newsletter with New e-mail.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Opened</Table.Th>
            <Table.Th>Clicked</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {emails.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => open(e.id)} fw={500}>
                  {e.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {e.subject} · {e.segment_name ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{MARKETING_EMAIL_STATUS_LABELS[e.status]}</Badge>
              </Table.Td>
              <Table.Td>
                {e.sent_at
                  ? `${format.count(e.results.sent)} · ${format.date(e.sent_at)}`
                  : e.scheduled_at
                    ? format.dateTime(e.scheduled_at)
                    : '—'}
              </Table.Td>
              <Table.Td>{e.sent_at ? rate(e.results.opened, e.results.delivered) : '—'}</Table.Td>
              <Table.Td>{e.sent_at ? rate(e.results.clicked, e.results.delivered) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /dashboard/crm/email-marketing: the organisation's campaign e-mails, one opened for writing, sending or its results. */
export function EmailMarketingPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const [params, setParams] = useSearchParams();
  const list = useQuery(marketingQueries.list(npoId));
  const emails = list.data?.emails ?? [];
  const selectedId = Number(params.get('email') ?? 0);
  const selected = emails.find((e) => e.id === selectedId) ?? null;
  const editing = params.get('edit') === '1' || params.get('new') === '1';
  const open = (id: number, edit = false) => setParams(edit ? { email: String(id), edit: '1' } : { email: String(id) });
  let body: React.ReactNode;
  if (list.isPending) body = <Skeleton h={240} aria-label="Loading e-mails" />;
  else if (list.isError)
    body = (
      <LoadError
        title="E-mails could not be loaded"
        message="Please try again."
        retrying={list.isFetching}
        onRetry={() => list.refetch()}
      />
    );
  else if (editing && (params.get('new') === '1' || selected))
    body = (
      <Card withBorder>
        <EmailEditor
          key={selected?.id ?? 'new'}
          email={params.get('new') === '1' ? null : selected}
          onSaved={(id) => open(id)}
        />
      </Card>
    );
  else
    body = (
      <Stack gap="lg">
        {selected ? (
          <Card withBorder>
            <Stack gap="sm">
              <EmailActions email={selected} />
              <Group gap="xs">
                {selected.status === 'draft' || selected.status === 'scheduled' ? (
                  <Button variant="default" onClick={() => open(selected.id, true)}>
                    Edit e-mail
                  </Button>
                ) : null}
                <Button variant="subtle" onClick={() => setParams({})}>
                  Close
                </Button>
              </Group>
            </Stack>
          </Card>
        ) : null}
        <EmailList emails={emails} open={(id) => open(id)} />
      </Stack>
    );
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        editing ? null : (
          <Button leftSection={<Plus size={14} aria-hidden />} onClick={() => setParams({ new: '1' })}>
            New e-mail
          </Button>
        )
      }
    >
      {body}
    </PageFrame>
  );
}

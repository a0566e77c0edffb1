import type { TConsoleAnnouncement } from '@kindling/contracts';
import { Button, MultiSelect, Radio, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { consoleAnnouncementsQuery, organisationChoices, sendAnnouncement } from '../api/console-platform.queries.ts';
import { ConsoleQueryState } from '../components/ConsoleQueryState.tsx';

const ENTRY = pageEntry('/console/notifications') ?? {
  title: 'Notifications',
  section: 'Console',
  description: '',
  emptyTitle: '',
};

const EMPTY = { title: '', message: '', audience: 'all' as 'all' | 'chosen', npo_ids: [] as string[], reason: '' };

function AnnouncementForm() {
  const [values, setValues] = useState(EMPTY);
  const organisations = useQuery(organisationChoices());
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => sendAnnouncement({ ...values, npo_ids: values.npo_ids.map(Number) }),
    onSuccess: (sent) => {
      void queryClient.invalidateQueries({ queryKey: consoleAnnouncementsQuery().queryKey });
      setValues(EMPTY);
      toast('green', `Announcement sent to ${sent.recipients} staff members.`);
    },
  });
  const error = send.error ? describeFormError(send.error, 'The announcement could not be sent.') : null;
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  return (
    <form
      aria-label="New announcement"
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate();
      }}
    >
      <Stack maw={640}>
        <Title order={2} size="h4">
          New announcement
        </Title>
        <FormAlert message={error?.message ?? null} />
        <TextInput
          label="Title"
          required
          value={values.title}
          error={error?.fields.title}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <Textarea
          label="Message"
          description="Staff see it in their notifications at once and receive it by e-mail."
          required
          rows={4}
          value={values.message}
          error={error?.fields.message}
          onChange={(e) => set('message', e.currentTarget.value)}
        />
        <Radio.Group
          label="Send to"
          value={values.audience}
          onChange={(v) => set('audience', v === 'chosen' ? 'chosen' : 'all')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="all" label="The staff of every organisation (closed ones left out)" />
            <Radio value="chosen" label="The staff of chosen organisations" />
          </Stack>
        </Radio.Group>
        {values.audience === 'chosen' ? (
          <MultiSelect
            label="Organisations"
            searchable
            data={organisations.data?.organisations.map((o) => ({ value: String(o.id), label: o.name })) ?? []}
            value={values.npo_ids}
            error={error?.fields.npo_ids}
            onChange={(v) => set('npo_ids', v)}
          />
        ) : null}
        <TextInput
          label="Reason"
          description="Recorded in the audit log."
          required
          value={values.reason}
          error={error?.fields.reason}
          onChange={(e) => set('reason', e.currentTarget.value)}
        />
        <div>
          <Button type="submit" loading={send.isPending}>
            Send announcement
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function History({ announcements }: { announcements: TConsoleAnnouncement[] }) {
  const format = useFormat();
  if (announcements.length === 0) return <Text c="dimmed">No announcements sent yet.</Text>;
  return (
    <ScrollTable label="Announcements sent" minWidth={720}>
      <Table striped aria-label="Announcements sent">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Announcement</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Staff</Table.Th>
            <Table.Th>E-mails</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {announcements.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{format.dateTime(a.created_at)}</Table.Td>
              <Table.Td>
                <Text fw={600} size="sm">
                  {a.title}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {a.message}
                </Text>
              </Table.Td>
              <Table.Td>
                {a.audience === 'all' ? 'Every organisation' : 'Chosen'} ({format.count(a.organisations)})
              </Table.Td>
              <Table.Td>{format.count(a.recipients)}</Table.Td>
              <Table.Td>{format.count(a.emails_sent)}</Table.Td>
              <Table.Td>{a.sent_by ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** /console/notifications: announcements to organisations' staff and their history. */
export function ConsoleNotificationsPage() {
  const history = useQuery(consoleAnnouncementsQuery());
  return (
    <PageFrame entry={ENTRY}>
      <AnnouncementForm />
      <Stack gap="xs">
        <Title order={2} size="h4">
          History
        </Title>
        <ConsoleQueryState query={history} what="history" height={120}>
          {(d) => <History announcements={d.announcements} />}
        </ConsoleQueryState>
      </Stack>
    </PageFrame>
  );
}

// /dashboard/events/{id}/check-in: the door's screen, made for a phone (docs/decisions/052-e-tickets-and-check-in.md).
// A scanned or typed code, or an attendee found by name, is checked in by the server, which admits
// each ticket once; the counts refresh every few seconds so every door sees the others' check-ins.
import type { TCheckInResult, TCheckInTicket, TMemberCheckIn } from '@kindling/contracts';
import { Anchor, Button, Group, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { formatFor, useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { checkIn, checkInKeys, checkInQuery } from '../api/check-in.queries.ts';
import { QrScanner } from '../components/QrScanner.tsx';

const ENTRY = pageEntry('/dashboard/events/:id/check-in') ?? {
  title: 'Check-in',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

const memberPart = (t: TCheckInTicket) => (t.member_number ? ` · Member ${t.member_number}` : '');

type Answer = { ok: true; result: TCheckInResult | TMemberCheckIn } | { ok: false; message: string };

/** The answer's heading and line: an admitted ticket, or (mem19c) a member card's member and validity. */
const answerLines = (answer: Answer): [string, string] => {
  if (!answer.ok) return ['Not admitted', answer.message];
  if ('member' in answer.result) return [`Member: ${answer.result.member.name}`, answer.result.message];
  const { ticket } = answer.result;
  // m19: a member ticket says so, with the member number, for the door to see (decision 090).
  return [`Admitted: ${ticket.attendee_name}`, `${ticket.type}${memberPart(ticket)}`];
};

// Dark text on a pale ground (axe: full contrast at any size); the border and the heading's
// colour tell admitted from refused at a glance.
const ANSWER_COLOURS = {
  ok: { bg: 'green.0', border: 'var(--mantine-color-green-8)', heading: '#14532d' },
  refused: { bg: 'red.0', border: 'var(--mantine-color-red-8)', heading: '#7f1d1d' },
};

function AnswerPanel({ answer }: { answer: Answer | null }) {
  const colours = ANSWER_COLOURS[answer?.ok ? 'ok' : 'refused'];
  return (
    <div role="status" aria-live="assertive">
      {answer && (
        <Paper p="md" radius="md" bg={colours.bg} style={{ border: `2px solid ${colours.border}` }}>
          <Text fw={700} size="lg" style={{ color: colours.heading }}>
            {answerLines(answer)[0]}
          </Text>
          <Text c="dark.9">{answerLines(answer)[1]}</Text>
        </Paper>
      )}
    </div>
  );
}

function MatchRow({
  ticket,
  time,
  onCheckIn,
  busy,
}: {
  ticket: TCheckInTicket;
  time: (iso: string) => string;
  onCheckIn: () => void;
  busy: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {ticket.attendee_name}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {ticket.type}
          {memberPart(ticket)}
          {ticket.checked_in_at ? ` · in at ${time(ticket.checked_in_at)}` : ''}
          {ticket.status === 'refunded' ? ' · refunded' : ''}
        </Text>
      </Stack>
      {!ticket.checked_in_at && ticket.status === 'valid' && (
        <Button size="xs" onClick={onCheckIn} loading={busy} aria-label={`Check in ${ticket.attendee_name}`}>
          Check in
        </Button>
      )}
    </Group>
  );
}

export function CheckInPage() {
  const eventId = Number(useParams().id);
  const npoId = useSession().selectedNpo?.id ?? null;
  const format = useFormat();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const status = useQuery(checkInQuery(npoId, eventId, q.length >= 2 ? q : ''));
  const admit = useMutation({
    mutationFn: (body: { code: string } | { ticket_id: number }) => checkIn(eventId, body),
    onSuccess: (result) => {
      setAnswer({ ok: true, result });
      setCode('');
    },
    onError: (error: Error) => setAnswer({ ok: false, message: error.message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkInKeys.status(npoId, eventId, '').slice(0, 4) }),
  });
  const { mutate } = admit;
  const onScan = useCallback((scanned: string) => mutate({ code: scanned }), [mutate]);
  const data = status.data;
  const own = data ? formatFor({ locale: format.locale, timeZone: data.event.time_zone }) : format;
  const time = (iso: string) => own.time(iso);
  return (
    <PageFrame entry={ENTRY} heading={data ? `Check-in: ${data.event.name}` : undefined}>
      {status.isError && !data ? (
        <LoadError
          title="The check-in could not be loaded"
          message={status.error.message}
          retrying={status.isFetching}
          onRetry={() => status.refetch()}
        />
      ) : !data ? (
        <Text c="dimmed">Loading the guest list…</Text>
      ) : (
        <Stack gap="md" maw={560}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="check-in-counts">
            <Group justify="space-between" align="baseline">
              <Title order={2} size="h4" id="check-in-counts">
                Checked in
              </Title>
              <Text fw={700} size="xl" data-testid="check-in-counts">
                {format.count(data.counts.checked_in)} of {format.count(data.counts.expected)}
              </Text>
            </Group>
            <Progress
              mt="xs"
              value={(data.counts.checked_in / Math.max(1, data.counts.expected)) * 100}
              aria-label={`${data.counts.checked_in} of ${data.counts.expected} ticket holders checked in`}
            />
          </Paper>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="check-in-ticket">
            <Stack gap="sm">
              <Title order={2} size="h4" id="check-in-ticket">
                Check in a ticket
              </Title>
              <QrScanner onCode={onScan} />
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  if (code.trim()) mutate({ code: code.trim() });
                }}
              >
                <Group align="flex-end" wrap="nowrap">
                  <TextInput
                    label="Ticket code"
                    description="The code under the QR code on the ticket."
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value)}
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    style={{ flex: 1 }}
                  />
                  <Button type="submit" loading={admit.isPending && 'code' in (admit.variables ?? {})}>
                    Check in
                  </Button>
                </Group>
              </form>
              <AnswerPanel answer={answer} />
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="check-in-search">
            <Stack gap="sm">
              <Title order={2} size="h4" id="check-in-search">
                Find by name
              </Title>
              <TextInput
                label="Attendee name or e-mail"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                autoComplete="off"
              />
              {q.length >= 2 && data.matches.length === 0 && !status.isFetching && (
                <Text c="dimmed">No attendee matches “{q}”.</Text>
              )}
              <div>
                {data.matches.map((t) => (
                  <MatchRow
                    key={t.id}
                    ticket={t}
                    time={time}
                    busy={
                      admit.isPending && admit.variables && 'ticket_id' in admit.variables
                        ? admit.variables.ticket_id === t.id
                        : false
                    }
                    onCheckIn={() => mutate({ ticket_id: t.id })}
                  />
                ))}
              </div>
            </Stack>
          </Paper>
          <Anchor component={Link} to="/dashboard/events">
            All events
          </Anchor>
        </Stack>
      )}
    </PageFrame>
  );
}

import {
  GIFT_AID_EXCLUSION_LABELS,
  type TGiftAidClaim,
  type TGiftAidExclusion,
  type TGiftAidExclusionReason,
  type TGiftAidGift,
  type TGiftAidPreview,
} from '@kindling/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import type { PageEntry } from '../../../shared/page-entry.ts';
import { type GiftAidPeriod, giftAidApi, giftAidKeys, giftAidQueries } from '../api/gift-aid.queries.ts';

const ENTRY: PageEntry = pageEntry('/dashboard/reports/gift-aid') ?? {
  section: 'Finance',
  title: 'Gift Aid claims',
  description: 'Claim 25p per £1 back from HMRC on declared UK gifts: review, export the schedule, mark them claimed.',
  emptyTitle: 'No Gift Aid claims yet',
};
const ROWS_SHOWN = 100;

/** The period lives in the address; by default last calendar year. */
function usePeriod(): [GiftAidPeriod, (p: GiftAidPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const last = new Date().getFullYear() - 1;
  const from = params.get('from') ?? `${last}-01-01`;
  const to = params.get('to') ?? `${last}-12-31`;
  return [{ from, to }, (p) => setParams({ from: p.from, to: p.to }, { replace: true })];
}

function GiftTable({
  gifts,
  caption,
  reasons,
}: {
  gifts: (TGiftAidGift | TGiftAidExclusion)[];
  caption: string;
  reasons?: boolean;
}) {
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Donor</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Gift</Table.Th>
            {reasons ? <Table.Th>Why not</Table.Th> : <Table.Th ta="right">Gift Aid</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {gifts.slice(0, ROWS_SHOWN).map((g) => (
            <Table.Tr key={g.donation_id}>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/donation/${g.donation_id}`} size="sm">
                  {g.declared_name || g.donor_name}
                </Anchor>
                {g.postcode && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {g.postcode}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{format.date(`${g.date}T12:00:00Z`)}</Table.Td>
              <Table.Td ta="right">{format.money(g.amount_minor, g.currency)}</Table.Td>
              {'reason' in g ? (
                <Table.Td>
                  {GIFT_AID_EXCLUSION_LABELS[g.reason]}
                  {g.claim_reference ? ` (${g.claim_reference})` : ''}
                </Table.Td>
              ) : (
                <Table.Td ta="right">{format.money(g.claim_minor, 'GBP')}</Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ClaimForm({ preview, period }: { preview: TGiftAidPreview; period: GiftAidPeriod }) {
  const format = useFormat();
  const client = useQueryClient();
  const [reference, setReference] = useState('');
  const claim = useMutation({
    mutationFn: () =>
      giftAidApi.claim({
        ...period,
        reference: reference.trim() || undefined,
        donation_ids: preview.eligible.map((g) => g.donation_id),
      }),
    onSuccess: () => {
      setReference('');
      void client.invalidateQueries({ queryKey: giftAidKeys.all });
    },
  });
  const n = preview.totals.gifts;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Claim reference"
          description="Optional: your own or HMRC's reference. Left blank, one is made up."
          value={reference}
          maxLength={40}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
        <Button loading={claim.isPending} disabled={n === 0} onClick={() => claim.mutate()}>
          Mark {format.count(n)} gifts as claimed
        </Button>
      </Group>
      {claim.isError && (
        <Alert color="red" role="alert">
          {claim.error.message}
        </Alert>
      )}
      {claim.data && (
        <Alert color="green" role="status">
          Claim {claim.data.reference} prepared: {format.count(claim.data.gift_count)} gifts,{' '}
          {format.money(claim.data.claim_minor, 'GBP')} to claim. Download its schedule below.
        </Alert>
      )}
    </Stack>
  );
}

function UndoModal({ claim, onClose }: { claim: TGiftAidClaim | null; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const undo = useMutation({
    mutationFn: () => giftAidApi.undo(claim?.id ?? 0, reason),
    onSuccess: () => {
      setReason('');
      void client.invalidateQueries({ queryKey: giftAidKeys.all });
      onClose();
    },
  });
  return (
    <Modal opened={claim !== null} onClose={onClose} title={`Undo claim ${claim?.reference ?? ''}`}>
      <Stack gap="sm">
        <Text size="sm">
          HMRC rejected this claim: its gifts become claimable again. The claim stays listed, marked undone.
        </Text>
        <TextInput
          label="Why HMRC rejected it"
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {undo.isError && (
          <Alert color="red" role="alert">
            {undo.error.message}
          </Alert>
        )}
        <Button color="red" disabled={!reason.trim()} loading={undo.isPending} onClick={() => undo.mutate()}>
          Undo the claim
        </Button>
      </Stack>
    </Modal>
  );
}

function ClaimsTable({ claims, canClaim }: { claims: TGiftAidClaim[]; canClaim: boolean }) {
  const format = useFormat();
  const [aggregate, setAggregate] = useState(false);
  const [undoing, setUndoing] = useState<TGiftAidClaim | null>(null);
  if (claims.length === 0) return <Text size="sm">No claims yet.</Text>;
  return (
    <Stack gap="xs">
      <Checkbox
        label="Aggregate gifts of £20 or less on shared lines in the schedule"
        checked={aggregate}
        onChange={(e) => setAggregate(e.currentTarget.checked)}
      />
      <Table.ScrollContainer minWidth={720}>
        <Table>
          <Table.Caption>Every claim, newest first</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Period</Table.Th>
              <Table.Th ta="right">Gifts</Table.Th>
              <Table.Th ta="right">Gift Aid</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Schedule</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {claims.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.reference}</Table.Td>
                <Table.Td>
                  {format.date(`${c.from}T12:00:00Z`)} – {format.date(`${c.to}T12:00:00Z`)}
                </Table.Td>
                <Table.Td ta="right">{format.count(c.gift_count)}</Table.Td>
                <Table.Td ta="right">{format.money(c.claim_minor, 'GBP')}</Table.Td>
                <Table.Td>
                  {c.status === 'undone' ? (
                    <Badge color="gray" variant="dot" title={c.undo_reason ?? undefined}>
                      Undone
                    </Badge>
                  ) : (
                    <Badge color="green" variant="dot">
                      Claimed {format.date(c.created_at)}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button
                      component="a"
                      size="compact-sm"
                      variant="default"
                      href={giftAidApi.scheduleHref(c.id, 'xlsx', aggregate)}
                      download
                      leftSection={<FileDown size={14} aria-hidden />}
                      aria-label={`Schedule of ${c.reference} (XLSX)`}
                    >
                      XLSX
                    </Button>
                    <Button
                      component="a"
                      size="compact-sm"
                      variant="default"
                      href={giftAidApi.scheduleHref(c.id, 'csv', aggregate)}
                      download
                      aria-label={`Schedule of ${c.reference} (CSV)`}
                    >
                      CSV
                    </Button>
                    {canClaim && c.status === 'claimed' && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        leftSection={<Undo2 size={14} aria-hidden />}
                        aria-label={`Undo ${c.reference}`}
                        onClick={() => setUndoing(c)}
                      >
                        Undo
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <UndoModal claim={undoing} onClose={() => setUndoing(null)} />
    </Stack>
  );
}

function Exclusions({ preview }: { preview: TGiftAidPreview }) {
  const format = useFormat();
  const counts = Object.entries(preview.excluded_counts) as [TGiftAidExclusionReason, number][];
  if (counts.length === 0) return <Text size="sm">No gift of this period is left out.</Text>;
  return (
    <Stack gap="xs">
      <List size="sm" aria-label="Gifts left out, by reason">
        {counts.map(([reason, n]) => (
          <List.Item key={reason}>
            {GIFT_AID_EXCLUSION_LABELS[reason]}: {format.count(n)}
          </List.Item>
        ))}
      </List>
      <GiftTable gifts={preview.exclusions} caption="Gifts left out of the claim, newest first" reasons />
    </Stack>
  );
}

/** /dashboard/reports/gift-aid: Gift Aid claims (docs/product/reports.md#gift-aid-claims). */
export function GiftAidPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const format = useFormat();
  const [period, setPeriod] = usePeriod();
  const preview = useQuery(giftAidQueries.preview(npoId, period));
  const claims = useQuery(giftAidQueries.claims(npoId));
  const p = preview.data;
  const forbidden = preview.error instanceof ApiError && preview.error.status === 403;
  return (
    <PageFrame entry={ENTRY}>
      <Anchor component={Link} to="/dashboard/reports" size="sm">
        Back to reports
      </Anchor>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="Gifts from"
            value={period.from}
            onChange={(e) => setPeriod({ ...period, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="to"
            value={period.to}
            onChange={(e) => setPeriod({ ...period, to: e.currentTarget.value })}
          />
          {p && (p.from !== p.accounting_period.from || p.to !== p.accounting_period.to) && (
            <Button
              variant="default"
              onClick={() => setPeriod({ from: p.accounting_period.from, to: p.accounting_period.to })}
            >
              The whole accounting period
            </Button>
          )}
        </Group>
      </Paper>
      {preview.isError && (
        <Alert color={forbidden ? 'yellow' : 'red'} role="alert">
          {preview.error.message}
        </Alert>
      )}
      {p && !preview.isError && (
        <Stack gap="md" aria-busy={preview.isPlaceholderData}>
          <Text size="sm" aria-live="polite">
            {`${format.count(p.totals.gifts)} gifts can be claimed: ${format.money(p.totals.amount_minor, 'GBP')} given, ${format.money(p.totals.claim_minor, 'GBP')} of Gift Aid to claim. `}
            {`Accounting period ${format.date(`${p.accounting_period.from}T12:00:00Z`)} – ${format.date(`${p.accounting_period.to}T12:00:00Z`)}; claim by ${format.date(`${p.accounting_period.claim_by}T12:00:00Z`)}.`}
          </Text>
          {p.can_claim ? (
            <ClaimForm preview={p} period={period} />
          ) : (
            <Text size="sm">Finance staff and administrators mark gifts as claimed.</Text>
          )}
          {p.eligible.length > 0 && (
            <GiftTable gifts={p.eligible} caption={`Gifts to claim (the first ${ROWS_SHOWN})`} />
          )}
        </Stack>
      )}
      {/* The claims and their schedules before the long list of gifts left out, so they stay in reach. */}
      <Title order={2} size="h4">
        Claims
      </Title>
      {claims.data && <ClaimsTable claims={claims.data.claims} canClaim={p?.can_claim ?? false} />}
      {p && !preview.isError && (
        <Stack gap="md">
          <Title order={2} size="h4">
            Left out
          </Title>
          <Exclusions preview={p} />
        </Stack>
      )}
    </PageFrame>
  );
}

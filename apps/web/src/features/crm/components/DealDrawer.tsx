import type { TDealOptions, TDealRecord } from '@kindling/contracts';
import { Anchor, Button, Drawer, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { dealKeys, dealQueries, linkDealGift, unlinkDealGift } from '../api/deals.queries.ts';
import { DealForm } from './DealForm.tsx';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Group>
  );
}

/** Pledged against received: the contact's gifts, linked to this deal or free to link. */
function Fulfilment({ deal, npoId }: { deal: TDealRecord; npoId: number | null }) {
  const format = useFormat();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: ({ donationId, link }: { donationId: number; link: boolean }) =>
      link ? linkDealGift(deal.id, donationId) : unlinkDealGift(deal.id, donationId),
    onSuccess: (record) => {
      client.setQueryData(dealKeys.record(npoId, deal.id), record);
      void client.invalidateQueries({ queryKey: dealKeys.all });
    },
  });
  const error = change.error ? describeFormError(change.error, 'The gift could not be linked.') : null;
  const open = deal.stage === 'pledged' || deal.stage === 'won';
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Received {format.money(deal.received_minor, deal.currency)} of {format.money(deal.amount_minor, deal.currency)}
      </Text>
      {!open ? (
        <Text size="sm" c="dimmed">
          Move the deal to Pledged or Won to link the gifts that fulfil it.
        </Text>
      ) : deal.gifts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {deal.contact.name} has no received gifts to link yet.
        </Text>
      ) : (
        <>
          <FormAlert message={error?.message ?? error?.fields.donation_id ?? null} />
          <Table fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Gift</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deal.gifts.map((g) => (
                <Table.Tr key={g.donation_id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboard/donation/${g.donation_id}`} size="sm">
                      {format.date(g.received_at)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{format.money(g.amount_minor, g.currency)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant={g.linked ? 'default' : 'light'}
                      loading={change.isPending && change.variables?.donationId === g.donation_id}
                      onClick={() => change.mutate({ donationId: g.donation_id, link: !g.linked })}
                      aria-label={`${g.linked ? 'Unlink' : 'Link'} the gift of ${format.date(g.received_at)}`}
                    >
                      {g.linked ? 'Unlink' : 'Link'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

/** One deal: its details, a task from it, its editing and the gifts that fulfil it. */
export function DealDrawer({
  npoId,
  dealId,
  options,
  onClose,
}: {
  npoId: number | null;
  dealId: number | null;
  options: TDealOptions | undefined;
  onClose: () => void;
}) {
  const format = useFormat();
  const client = useQueryClient();
  const record = useQuery(dealQueries.record(npoId, dealId ?? 0));
  const [editing, setEditing] = useState(false);
  const deal = record.data;
  const stage = options?.stages.find((s) => s.key === deal?.stage);
  return (
    <Drawer
      opened={dealId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={deal?.title ?? 'Deal'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!deal ? (
        record.isError ? (
          <Text size="sm">This deal could not be found.</Text>
        ) : (
          <Loader size="sm" role="status" aria-label="Loading" />
        )
      ) : (
        <Stack gap="md">
          <Stack gap={6}>
            <Line label="Contact" value={deal.contact.name} />
            <Line label="Amount" value={format.money(deal.amount_minor, deal.currency)} />
            <Line label="Stage" value={stage?.label ?? deal.stage} />
            <Line
              label="Probability"
              value={`${deal.probability}%${deal.probability_overridden ? '' : ' (the stage’s)'}`}
            />
            <Line label="Weighted" value={format.money(deal.weighted_minor, deal.currency)} />
            <Line label="Expected" value={deal.expected_on ? format.day(deal.expected_on) : ''} />
            <Line label="Owner" value={deal.owner?.name ?? ''} />
            <Line label="Next step" value={deal.next_step} />
          </Stack>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              Edit deal
            </Button>
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/dashboard/crm/tasks?contact=${deal.contact.id}&deal=${deal.id}`}
            >
              New task
            </Button>
            <Button
              size="xs"
              variant="subtle"
              component={Link}
              to={`/dashboard/crm/contacts?contact=${deal.contact.id}`}
            >
              Open contact
            </Button>
          </Group>
          <Fulfilment deal={deal} npoId={npoId} />
          {editing ? (
            <DealForm
              opened
              npoId={npoId}
              options={options}
              deal={deal}
              onClose={() => setEditing(false)}
              onSaved={(saved) => {
                setEditing(false);
                client.setQueryData(dealKeys.record(npoId, saved.id), saved);
                void client.invalidateQueries({ queryKey: dealKeys.all });
              }}
            />
          ) : null}
        </Stack>
      )}
    </Drawer>
  );
}

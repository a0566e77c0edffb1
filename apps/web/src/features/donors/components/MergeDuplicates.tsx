import type { TDonorDetail, TDuplicateDonor } from '@kindling/contracts';
import { Alert, Button, Card, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GitMerge } from 'lucide-react';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { donorKeys, donorQueries, mergeDonor } from '../api/donors.queries.ts';
import { donorName } from './DonorBits.tsx';

const REASONS = { email: 'Same e-mail', name_postcode: 'Same name and postcode' } as const;

function MergeDialog({
  donor,
  duplicate,
  onClose,
}: {
  donor: TDonorDetail;
  duplicate: TDuplicateDonor;
  onClose: () => void;
}) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const preview = useQuery(donorQueries.mergePreview(npoId, donor.profile.id, duplicate.id));
  const merge = useMutation({
    mutationFn: () => mergeDonor(donor.profile.id, duplicate.id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: donorKeys.all });
      onClose();
    },
  });
  const keepName = donorName(donor.profile);
  const dupName = donorName(duplicate);
  return (
    <Modal opened onClose={onClose} title="Merge duplicate donor" size="lg">
      <Stack gap="sm">
        <Text size="sm">
          <b>{dupName}</b> ({duplicate.email}) will be merged into <b>{keepName}</b> ({donor.profile.email}). Everything
          recorded for {dupName} moves to {keepName}, and {dupName} is then removed from the donor list. {keepName}
          {'\u2019'}s name, e-mail and address stay; empty fields are filled from {dupName}.
        </Text>
        {preview.isPending ? (
          <Skeleton role="status" height={80} aria-label="Loading what will move" />
        ) : preview.isError ? (
          <Alert color="red" role="alert">
            {preview.error.message}
          </Alert>
        ) : (
          <div>
            <Text size="sm" fw={600}>
              What moves to {keepName}:
            </Text>
            <List size="sm" aria-label="Records that move">
              {preview.data.moves.map((m) => (
                <List.Item key={m.label}>
                  {m.label}: {m.count}
                </List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              Lifetime total after the merge:{' '}
              {format.money(
                preview.data.keep.lifetime_total_minor + preview.data.duplicate.lifetime_total_minor,
                preview.data.keep.currency,
              )}
            </Text>
          </div>
        )}
        {merge.error ? (
          <Alert color="red" role="alert">
            {merge.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            leftSection={<GitMerge size={16} aria-hidden />}
            loading={merge.isPending}
            disabled={!preview.data}
            onClick={() => merge.mutate()}
          >
            Merge into {keepName}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Likely duplicates of this donor, each with a merge that first shows what would move. */
export function MergeDuplicates({ donor, canMerge }: { donor: TDonorDetail; canMerge: boolean }) {
  const format = useFormat();
  const [chosen, setChosen] = useState<TDuplicateDonor | null>(null);
  if (donor.duplicates.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No likely duplicates.
      </Text>
    );
  return (
    <Stack gap="xs">
      {donor.duplicates.map((d) => (
        <Card key={d.id} withBorder padding="sm" radius="sm">
          <Group justify="space-between" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {donorName(d)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {d.email} · {REASONS[d.reason]} · {d.gift_count} gift{d.gift_count === 1 ? '' : 's'},{' '}
                {format.money(d.lifetime_total_minor, donor.summary.currency)}
              </Text>
            </div>
            {canMerge ? (
              <Button size="xs" variant="light" onClick={() => setChosen(d)}>
                Review merge
              </Button>
            ) : null}
          </Group>
        </Card>
      ))}
      {chosen ? <MergeDialog donor={donor} duplicate={chosen} onClose={() => setChosen(null)} /> : null}
    </Stack>
  );
}

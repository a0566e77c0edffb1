// mem19c: a member's tier change on the staff page (docs/decisions/057-membership-renewals.md): at
// the next renewal, or at once with the prorated difference for the rest of the period. An automatic
// membership changes only at once (its plan's amount is the plan's own), as the server enforces. The
// prorated difference is asked with a payment request (docs/decisions/064-member-cards.md).
import type { TMembershipDetail, TTierChangeResult } from '@kindling/contracts';
import { Anchor, Button, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { useFormat } from '../../../shared/format.ts';
import { changeTier, membershipQueries } from '../api/membership.queries.ts';

export function TierChange({
  npoId,
  membership,
  onChanged,
}: {
  npoId: number | null;
  membership: TMembershipDetail;
  onChanged: () => void;
}) {
  const format = useFormat();
  const figures = useQuery(membershipQueries.figures(npoId));
  const [tier, setTier] = useState<string | null>(null);
  const automatic = membership.renewal === 'automatic';
  const [when, setWhen] = useState<'next_renewal' | 'now'>(automatic ? 'now' : 'next_renewal');
  const [done, setDone] = useState<TTierChangeResult | null>(null);
  const change = useMutation({
    mutationFn: () => changeTier(membership.id, { tier_id: Number(tier), when }),
    onSuccess: (result) => {
      setDone(result);
      setTier(null);
      onChanged();
    },
  });
  const options = (figures.data?.active_by_tier ?? [])
    .filter((t) => t.tier_id !== membership.tier_id)
    .map((t) => ({ value: String(t.tier_id), label: t.tier }));
  return (
    <Stack gap="xs">
      <Select label="Change tier" placeholder="Choose a tier" data={options} value={tier} onChange={setTier} />
      <Radio.Group
        label="When"
        value={when}
        onChange={(v) => setWhen(v === 'now' ? 'now' : 'next_renewal')}
        description={automatic ? 'This membership renews through its recurring plan: it changes at once.' : undefined}
      >
        <Group mt={4}>
          <Radio value="next_renewal" label="At the next renewal" disabled={automatic} />
          <Radio value="now" label="At once, with a prorated charge" />
        </Group>
      </Radio.Group>
      <FormAlert message={change.error ? change.error.message : null} />
      <Group>
        <Button onClick={() => change.mutate()} disabled={!tier} loading={change.isPending}>
          Change tier
        </Button>
      </Group>
      {done && (
        <Text size="sm" role="status">
          {done.prorated_minor > 0
            ? `Moved to ${done.membership.tier}. Prorated difference for the rest of the period: ${format.money(done.prorated_minor, done.membership.currency)}.`
            : `Saved: ${done.membership.history[0]?.detail ?? done.membership.tier}`}
          {done.payment_request_id !== null && (
            <>
              {' '}
              <Anchor component={Link} to={`/dashboard/payment-requests/${done.payment_request_id}`}>
                Open the payment request asking for it
              </Anchor>
            </>
          )}
        </Text>
      )}
    </Stack>
  );
}

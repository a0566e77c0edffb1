// m19: a ticket type's member fields (docs/product/events.md#member-tickets, decision 090): members only,
// a member price below the price, and the membership tiers whose members qualify (none chosen: every tier).
import { Checkbox, MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { memberTierChoices } from '../api/member-tiers.queries.ts';
import type { TicketTypeForm } from './event-form.ts';

type Props = {
  value: TicketTypeForm;
  currency: string;
  error: (field: string) => string | undefined;
  onChange: (patch: Partial<TicketTypeForm>) => void;
};

export function MemberTicketFields({ value, currency, error, onChange }: Props) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const tiers = useQuery(memberTierChoices(npoId));
  const forMembers = value.members_only || value.member_price.trim() !== '';
  const choices = tiers.data ?? [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Checkbox
        mt={{ base: 0, sm: 30 }}
        label="Members only"
        description="Sold to members who give their member number."
        checked={value.members_only}
        onChange={(e) => onChange({ members_only: e.currentTarget.checked })}
      />
      <TextInput
        label={`Member price (${currency})`}
        description={value.pricing === 'fixed' ? 'Empty: members pay the price.' : 'Only for a fixed price.'}
        disabled={value.pricing !== 'fixed'}
        inputMode="decimal"
        value={value.pricing === 'fixed' ? value.member_price : ''}
        error={error('member_price_minor')}
        onChange={(e) => onChange({ member_price: e.currentTarget.value })}
      />
      <MultiSelect
        label="Membership tiers"
        description={
          choices.length === 0 && !tiers.isPending
            ? 'No membership tiers yet: any member would qualify.'
            : 'None chosen: members of every tier.'
        }
        placeholder={value.member_tier_ids.length === 0 ? 'Every tier' : undefined}
        data={choices}
        value={value.member_tier_ids}
        disabled={!forMembers}
        error={error('member_tier_ids')}
        onChange={(ids) => onChange({ member_tier_ids: ids })}
        clearable
      />
    </SimpleGrid>
  );
}

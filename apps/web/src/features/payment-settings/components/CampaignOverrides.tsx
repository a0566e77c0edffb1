import type { TCampaignMethodsOverride, TDonationMethod, TMethodsResponse } from '@kindling/contracts';
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { paymentSettingsApi, paymentSettingsKeys } from '../api/payment-settings.queries.ts';
import { MethodChecklist } from './MethodChecklist.tsx';
import { methodsText } from './method-text.ts';
import { Section, WideTable } from './Section.tsx';
import { useCanChange, useSettingsChange } from './use-settings-change.ts';

function OverrideModal({
  campaign,
  organisation,
  onClose,
}: {
  campaign: TCampaignMethodsOverride;
  organisation: TDonationMethod[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<TDonationMethod[]>(campaign.methods ?? organisation);
  const [error, setError] = useState<{ field: string | null; message: string | null }>({ field: null, message: null });
  const save = useSettingsChange(
    paymentSettingsKeys.methods,
    paymentSettingsApi.overrideCampaign,
    `${campaign.name} now has its own payment methods.`,
  );
  const submit = () =>
    save.mutate(
      { id: campaign.id, methods: chosen },
      {
        onSuccess: onClose,
        onError: (err) => {
          const described = describeFormError(err, 'The campaign’s methods could not be saved. Please try again.');
          setError({ field: described.fields.methods ?? null, message: described.message });
        },
      },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Payment methods for ${campaign.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <FormAlert message={error.message} />
        <MethodChecklist label="Methods this campaign offers" value={chosen} onChange={setChosen} error={error.field} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save for this campaign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Campaigns with their own methods, and the way to give one its own choice or send it back. */
export function CampaignOverrides({ data }: { data: TMethodsResponse }) {
  const canChange = useCanChange();
  const [editing, setEditing] = useState<TCampaignMethodsOverride | null>(null);
  const follow = useSettingsChange(
    paymentSettingsKeys.methods,
    paymentSettingsApi.followOrganisation,
    'The campaign follows the organisation’s methods again.',
  );
  const organisation = data.methods.filter((m) => m.enabled).map((m) => m.method);
  return (
    <Section id="overrides-title" title="Campaign overrides">
      <Text size="sm" c="dimmed">
        A campaign can offer other methods than the organisation. Fundraiser pages use their campaign’s methods.
      </Text>
      {follow.error ? <FormAlert message={follow.error.message} /> : null}
      {data.campaigns.length === 0 ? (
        <Text>No campaigns yet. Campaigns you create follow the organisation’s methods.</Text>
      ) : (
        <WideTable minWidth={520} headers={['Campaign', 'Methods', ...(canChange ? ['Actions'] : [])]}>
          {data.campaigns.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                {c.name}{' '}
                {c.status !== 'active' ? (
                  <Badge variant="light" color="gray" size="sm">
                    {c.status}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{c.methods ? methodsText(c.methods) : 'Follows the organisation'}</Table.Td>
              {canChange ? (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing(c)}
                      aria-label={`Choose methods for ${c.name}`}
                    >
                      {c.methods ? 'Edit' : 'Override'}
                    </Button>
                    {c.methods ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        loading={follow.isPending && follow.variables === c.id}
                        onClick={() => follow.mutate(c.id)}
                        aria-label={`${c.name} follows the organisation`}
                      >
                        Follow organisation
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </WideTable>
      )}
      {editing ? (
        <OverrideModal campaign={editing} organisation={organisation} onClose={() => setEditing(null)} />
      ) : null}
    </Section>
  );
}

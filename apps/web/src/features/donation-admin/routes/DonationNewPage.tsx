import {
  canReach,
  OFFLINE_METHOD_LABELS,
  OFFLINE_METHODS,
  type TOfflineGiftInput,
  type TOfflineMethod,
  toMinorUnits,
} from '@kindling/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { offlineFormQueries, recordOfflineGift } from '../api/donation-admin.queries.ts';
import { AmountCurrencyFields } from '../components/AmountCurrencyFields.tsx';
import { DonorChoice, type DonorValue } from '../components/DonorChoice.tsx';

const ENTRY = pageEntry('/dashboard/donation-new') ?? {
  title: 'Record a donation',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

type Form = {
  donor: DonorValue;
  campaignId: string | null;
  designationId: string | null;
  method: TOfflineMethod;
  receivedOn: string;
  amount: string;
  currency: string;
  giftAid: boolean;
  giftAidName: string;
  giftAidAddress: string;
  giftAidPostcode: string;
  note: string;
};

const EMPTY: Form = {
  donor: { kind: 'existing', donorId: null },
  campaignId: null,
  designationId: null,
  method: 'cheque',
  receivedOn: '',
  amount: '',
  currency: 'USD',
  giftAid: false,
  giftAidName: '',
  giftAidAddress: '',
  giftAidPostcode: '',
  note: '',
};

/** The form as the API's input, or the amount's message when it cannot be read. */
function toInput(f: Form): { input: TOfflineGiftInput } | { amountError: string } {
  const amount = toMinorUnits(f.amount, f.currency);
  if (!amount.ok) return { amountError: amount.error };
  const donor =
    f.donor.kind === 'existing'
      ? { donor_id: f.donor.donorId }
      : { donor: { first_name: f.donor.firstName, last_name: f.donor.lastName, email: f.donor.email } };
  return {
    input: {
      ...donor,
      campaign_id: Number(f.campaignId ?? 0),
      designation_id: f.designationId ? Number(f.designationId) : null,
      method: f.method,
      received_on: f.receivedOn,
      amount_minor: amount.minor,
      currency: f.currency,
      gift_aid: f.giftAid,
      ...(f.giftAid
        ? { gift_aid_name: f.giftAidName, gift_aid_address: f.giftAidAddress, gift_aid_postcode: f.giftAidPostcode }
        : {}),
      ...(f.note.trim() ? { note: f.note.trim() } : {}),
    },
  };
}

/** /dashboard/donation-new: staff enter a gift received offline; it counts like any other. */
export function DonationNewPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const canRecord = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const navigate = useNavigate();
  const format = useFormat();
  // The gift was received today in the organisation's time zone, not UTC's (decision 027).
  const [form, setForm] = useState<Form>(() => ({ ...EMPTY, receivedOn: format.today() }));
  const [amountError, setAmountError] = useState<string | null>(null);
  const campaigns = useQuery({ ...offlineFormQueries.campaigns(npoId), enabled: canRecord });
  const campaignId = form.campaignId ? Number(form.campaignId) : null;
  const designations = useQuery({
    ...offlineFormQueries.designations(npoId, campaignId),
    enabled: canRecord && !!campaignId,
  });
  const save = useMutation({
    mutationFn: recordOfflineGift,
    onSuccess: (donation) => navigate(`/dashboard/donation/${donation.id}`),
  });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const fields = save.error instanceof ApiError ? (save.error.body?.fields ?? {}) : {};

  if (!canRecord) {
    return (
      <PageFrame entry={ENTRY}>
        <Alert color="yellow" title="Only finance, admin and manager roles record gifts">
          Ask someone with one of those roles to enter this donation.
        </Alert>
      </PageFrame>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const built = toInput(form);
    if ('amountError' in built) {
      setAmountError(built.amountError);
      return;
    }
    setAmountError(null);
    save.mutate(built.input);
  };

  return (
    <PageFrame entry={ENTRY}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={820}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <Stack gap="xs">
              <Title order={2} size="h5">
                Donor
              </Title>
              <DonorChoice value={form.donor} onChange={(donor) => set('donor', donor)} errors={fields} />
            </Stack>
            <Stack gap="xs">
              <Title order={2} size="h5">
                Gift
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Campaign"
                  required
                  placeholder={campaigns.isPending ? 'Loading campaigns…' : 'Choose a campaign'}
                  data={(campaigns.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                  value={form.campaignId}
                  onChange={(value) => {
                    const chosen = campaigns.data?.find((c) => String(c.id) === value);
                    setForm((f) => ({
                      ...f,
                      campaignId: value,
                      designationId: null,
                      currency: chosen?.currency ?? f.currency,
                    }));
                  }}
                  error={fields.campaign_id ?? (campaigns.isError ? 'Campaigns could not be loaded' : undefined)}
                  searchable
                />
                <Select
                  label="Designation"
                  placeholder={designations.data?.length ? 'Where it goes (optional)' : 'No designations'}
                  disabled={!designations.data?.length}
                  data={(designations.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
                  value={form.designationId}
                  onChange={(value) => set('designationId', value)}
                  clearable
                />
                <Select
                  label="Method"
                  required
                  data={OFFLINE_METHODS.map((m) => ({ value: m, label: OFFLINE_METHOD_LABELS[m] }))}
                  value={form.method}
                  onChange={(value) => set('method', (value as TOfflineMethod) ?? 'cheque')}
                  allowDeselect={false}
                  error={fields.method}
                />
                <TextInput
                  label="Date received"
                  type="date"
                  required
                  max={format.today()}
                  value={form.receivedOn}
                  onChange={(e) => set('receivedOn', e.currentTarget.value)}
                  error={fields.received_on}
                />
                <AmountCurrencyFields
                  amount={form.amount}
                  currency={form.currency}
                  onAmount={(value) => set('amount', value)}
                  onCurrency={(value) => set('currency', value)}
                  amountError={amountError ?? fields.amount_minor}
                  currencyError={fields.currency}
                />
              </SimpleGrid>
            </Stack>
            <Stack gap="xs">
              <Checkbox
                label="The donor made a Gift Aid declaration"
                checked={form.giftAid}
                onChange={(e) => set('giftAid', e.currentTarget.checked)}
              />
              {form.giftAid && (
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label="Name on the declaration"
                    value={form.giftAidName}
                    onChange={(e) => set('giftAidName', e.currentTarget.value)}
                  />
                  <TextInput
                    label="Home address"
                    required
                    value={form.giftAidAddress}
                    onChange={(e) => set('giftAidAddress', e.currentTarget.value)}
                    error={fields.gift_aid_address}
                  />
                  <TextInput
                    label="Postcode"
                    required
                    value={form.giftAidPostcode}
                    onChange={(e) => set('giftAidPostcode', e.currentTarget.value)}
                    error={fields.gift_aid_postcode}
                  />
                </SimpleGrid>
              )}
            </Stack>
            <Textarea
              label="Note (optional)"
              description="For staff only, e.g. the cheque number"
              rows={3}
              value={form.note}
              onChange={(e) => set('note', e.currentTarget.value)}
              error={fields.note}
            />
            {save.isError && !Object.keys(fields).length && (
              <Alert color="red" role="alert" title="The donation was not recorded">
                {save.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Record donation
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}

import { canReach, type TPaymentRequestInput, toMinorUnits } from '@kindling/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { AmountCurrencyFields, DonorChoice, type DonorValue, offlineFormQueries } from '../../donation-admin/index.ts';
import { createPaymentRequest } from '../api/payment-requests.queries.ts';

const ENTRY = pageEntry('/dashboard/payment-request-new') ?? {
  title: 'New payment request',
  section: 'Fundraising',
  description: 'Ask a donor or anyone with an e-mail address for an amount, paid at their own link.',
  emptyTitle: '',
};

type Form = {
  donor: DonorValue;
  kind: 'fixed' | 'minimum';
  amount: string;
  currency: string;
  purpose: string;
  description: string;
  campaignId: string | null;
  designationId: string | null;
  dueOn: string;
  expiresOn: string;
  reference: string;
  allowFeeCover: boolean;
  sendEmail: boolean;
  /** pay25c: equal monthly instalments (docs/decisions/062-payment-request-instalments.md). */
  instalments: string;
};

function toInput(f: Form): { input: TPaymentRequestInput } | { amountError: string } {
  const amount = toMinorUnits(f.amount, f.currency);
  if (!amount.ok) return { amountError: amount.error };
  const donor =
    f.donor.kind === 'existing'
      ? { donor_id: f.donor.donorId }
      : { payer: { first_name: f.donor.firstName, last_name: f.donor.lastName, email: f.donor.email } };
  return {
    input: {
      ...donor,
      amount_kind: f.kind,
      amount_minor: amount.minor,
      currency: f.currency,
      purpose: f.purpose,
      description: f.description,
      campaign_id: Number(f.campaignId ?? 0),
      designation_id: f.designationId ? Number(f.designationId) : null,
      due_on: f.dueOn || null,
      expires_on: f.expiresOn || null,
      instalments: f.kind === 'fixed' ? Math.max(1, Number(f.instalments) || 1) : 1,
      reference: f.reference,
      allow_fee_cover: f.allowFeeCover,
      send_email: f.sendEmail,
    },
  };
}

/** /dashboard/payment-request-new (?donor_id= from a donor's page): the request, then its own page with the link. */
export function PaymentRequestNewPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const canCreate = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const donorId = Number(params.get('donor_id')) || null;
  const [form, setForm] = useState<Form>({
    donor: { kind: 'existing', donorId },
    kind: 'fixed',
    amount: '',
    currency: 'USD',
    purpose: '',
    description: '',
    campaignId: null,
    designationId: null,
    dueOn: '',
    expiresOn: '',
    reference: '',
    allowFeeCover: false,
    sendEmail: true,
    instalments: '1',
  });
  const [amountError, setAmountError] = useState<string | null>(null);
  const campaigns = useQuery({ ...offlineFormQueries.campaigns(npoId), enabled: canCreate });
  const campaignId = form.campaignId ? Number(form.campaignId) : null;
  const designations = useQuery({ ...offlineFormQueries.designations(npoId, campaignId), enabled: !!campaignId });
  const save = useMutation({
    mutationFn: createPaymentRequest,
    onSuccess: (request) => navigate(`/dashboard/payment-requests/${request.id}`),
  });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const fields = save.error instanceof ApiError ? (save.error.body?.fields ?? {}) : {};

  if (!canCreate) {
    return (
      <PageFrame entry={ENTRY}>
        <Alert color="yellow" title="Only finance, admin and manager roles create payment requests">
          Ask someone with one of those roles to send this request.
        </Alert>
      </PageFrame>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const built = toInput(form);
    if ('amountError' in built) return setAmountError(built.amountError);
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
                Payer
              </Title>
              <DonorChoice
                value={form.donor}
                onChange={(donor) => set('donor', donor)}
                errors={{
                  donor_id: fields.donor_id,
                  'donor.first_name': fields['payer.first_name'],
                  'donor.last_name': fields['payer.last_name'],
                  'donor.email': fields['payer.email'],
                }}
              />
            </Stack>
            <Stack gap="xs">
              <Title order={2} size="h5">
                What is asked
              </Title>
              <TextInput
                label="Purpose (shown to the payer)"
                required
                placeholder="Gala table sponsorship"
                value={form.purpose}
                onChange={(e) => set('purpose', e.currentTarget.value)}
                error={fields.purpose}
              />
              <Textarea
                label="Description (shown to the payer)"
                rows={3}
                value={form.description}
                onChange={(e) => set('description', e.currentTarget.value)}
              />
              <SegmentedControl
                aria-label="Amount"
                value={form.kind}
                onChange={(value) => set('kind', value as Form['kind'])}
                data={[
                  { value: 'fixed', label: 'Fixed amount' },
                  { value: 'minimum', label: 'Payer chooses, at least' },
                ]}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <AmountCurrencyFields
                  label={form.kind === 'fixed' ? 'Amount' : 'Minimum'}
                  placeholder="250.00"
                  amount={form.amount}
                  currency={form.currency}
                  onAmount={(value) => set('amount', value)}
                  onCurrency={(value) => set('currency', value)}
                  amountError={amountError ?? fields.amount_minor}
                  currencyError={fields.currency}
                />
                {form.kind === 'fixed' && (
                  <TextInput
                    label="Monthly instalments"
                    description="1 for a single payment; the first is paid on the link, the rest charged monthly."
                    inputMode="numeric"
                    value={form.instalments}
                    onChange={(e) => set('instalments', e.currentTarget.value)}
                    error={fields.instalments}
                  />
                )}
                <Select
                  label="Campaign the money counts to"
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
                  error={fields.campaign_id}
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
                <TextInput
                  label="Due date"
                  type="date"
                  value={form.dueOn}
                  onChange={(e) => set('dueOn', e.currentTarget.value)}
                  error={fields.due_on}
                />
                <TextInput
                  label="Link expires after (optional)"
                  type="date"
                  value={form.expiresOn}
                  onChange={(e) => set('expiresOn', e.currentTarget.value)}
                  error={fields.expires_on}
                />
                <TextInput
                  label="Internal reference (not shown to the payer)"
                  placeholder="INV-2041"
                  value={form.reference}
                  onChange={(e) => set('reference', e.currentTarget.value)}
                />
              </SimpleGrid>
              <Checkbox
                label="The payer may add 3.2% to cover the processing fees"
                checked={form.allowFeeCover}
                onChange={(e) => set('allowFeeCover', e.currentTarget.checked)}
              />
              <Checkbox
                label="E-mail the request to the payer now"
                checked={form.sendEmail}
                onChange={(e) => set('sendEmail', e.currentTarget.checked)}
              />
            </Stack>
            {save.isError && !Object.keys(fields).length && (
              <Alert color="red" title="The request could not be created">
                {save.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Create request
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}

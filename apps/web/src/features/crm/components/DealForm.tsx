import { fromMinorUnits, type TDealOptions, type TDealRecord, toMinorUnits } from '@kindling/contracts';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { createDeal, saveDeal } from '../api/deals.queries.ts';
import { ContactPicker } from './ContactPicker.tsx';

type Form = {
  title: string;
  contactId: number | null;
  amount: string;
  expectedOn: string;
  stage: string;
  probability: number | string;
  ownerId: string | null;
  nextStep: string;
};

const formOf = (deal: TDealRecord | null): Form => ({
  title: deal?.title ?? '',
  contactId: deal?.contact.id ?? null,
  amount: deal ? fromMinorUnits(deal.amount_minor, deal.currency) : '',
  expectedOn: deal?.expected_on ?? '',
  stage: deal?.stage ?? 'identified',
  probability: deal?.probability_overridden ? deal.probability : '',
  ownerId: deal?.owner ? String(deal.owner.id) : null,
  nextStep: deal?.next_step ?? '',
});

/** A new deal, or changes to one: contact, amount, expected date, stage, probability, owner, next step. */
export function DealForm({
  opened,
  npoId,
  options,
  deal,
  onClose,
  onSaved,
}: {
  opened: boolean;
  npoId: number | null;
  options: TDealOptions | undefined;
  deal: TDealRecord | null;
  onClose: () => void;
  onSaved: (deal: TDealRecord) => void;
}) {
  const currency = deal?.currency ?? options?.currency ?? 'USD';
  const [form, setForm] = useState<Form>(() => formOf(deal));
  const [amountError, setAmountError] = useState<string | null>(null);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation({
    mutationFn: (amountMinor: number) => {
      const body = {
        title: form.title,
        contact_id: form.contactId ?? 0,
        amount_minor: amountMinor,
        currency,
        expected_on: form.expectedOn || null,
        stage: form.stage,
        probability: form.probability === '' ? null : Number(form.probability),
        owner_user_id: form.ownerId ? Number(form.ownerId) : null,
        next_step: form.nextStep,
      };
      return deal ? saveDeal(deal.id, body) : createDeal(body);
    },
    onSuccess: onSaved,
  });
  const error = save.error ? describeFormError(save.error, 'The deal could not be saved.') : null;
  const stage = options?.stages.find((s) => s.key === form.stage);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={deal ? 'Edit deal' : 'New deal'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = toMinorUnits(form.amount, currency);
          setAmountError(parsed.ok ? null : parsed.error);
          if (parsed.ok) save.mutate(parsed.minor);
        }}
      >
        <Stack gap="sm">
          <FormAlert message={error?.message ?? null} />
          <TextInput
            label="Name"
            required
            value={form.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={error?.fields.title}
          />
          <ContactPicker
            npoId={npoId}
            required
            value={form.contactId}
            initial={deal?.contact ?? null}
            onChange={(id) => set('contactId', id)}
            error={error?.fields.contact_id}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={`Amount (${currency})`}
              required
              inputMode="decimal"
              value={form.amount}
              onChange={(e) => set('amount', e.currentTarget.value)}
              error={amountError ?? error?.fields.amount_minor}
            />
            <TextInput
              label="Expected date"
              type="date"
              value={form.expectedOn}
              onChange={(e) => set('expectedOn', e.currentTarget.value)}
              error={error?.fields.expected_on}
            />
            <Select
              label="Stage"
              data={(options?.stages ?? []).map((s) => ({ value: s.key, label: s.label }))}
              value={form.stage}
              allowDeselect={false}
              onChange={(v) => set('stage', v ?? 'identified')}
              error={error?.fields.stage}
            />
            <NumberInput
              label="Probability (%)"
              description={stage ? `Leave empty for the stage’s ${stage.probability}%` : undefined}
              min={0}
              max={100}
              allowDecimal={false}
              value={form.probability}
              onChange={(v) => set('probability', v)}
              error={error?.fields.probability}
            />
            <Select
              label="Owner"
              placeholder="No owner"
              clearable
              clearButtonProps={{ 'aria-label': 'No owner' }}
              data={(options?.team ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
              value={form.ownerId}
              onChange={(v) => set('ownerId', v)}
              error={error?.fields.owner_user_id}
            />
          </SimpleGrid>
          <TextInput
            label="Next step"
            value={form.nextStep}
            onChange={(e) => set('nextStep', e.currentTarget.value)}
            error={error?.fields.next_step}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {deal ? 'Save deal' : 'Add deal'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { type TWalletProcessor, ZPaypalSettingsRequest } from '@kindling/contracts';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trash2, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { describeFormError } from '../../../shared/form-errors.ts';
import { processorApi } from '../api/processors.queries.ts';
import { ConfirmModal } from './ConfirmModal.tsx';
import { ProcessorCard } from './ProcessorCard.tsx';
import { walletStatus } from './processor-status.ts';
import { useProcessorChange } from './use-processor-change.ts';

type Values = { merchant_id: string; email: string };

/** The same rules and messages as the server (the contract's schema), field by field. */
const check = (field: keyof Values) => (value: string) => {
  const parsed = ZPaypalSettingsRequest.shape[field].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check this field');
};

/** 'PayPal': the organisation's merchant id and business e-mail, saved or removed. */
export function PayPalCard({ wallet }: { wallet: TWalletProcessor }) {
  const saved = { merchant_id: wallet.merchant_id ?? '', email: wallet.email ?? '' };
  const form = useForm<Values>({
    initialValues: saved,
    validate: { merchant_id: check('merchant_id'), email: check('email') },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new saved value resets the form
  useEffect(() => {
    form.setValues(saved);
    form.resetDirty(saved);
  }, [wallet.merchant_id, wallet.email]);
  const [error, setError] = useState<string | null>(null);
  const save = useProcessorChange(processorApi.savePaypal, 'PayPal details saved.');
  const [confirming, setConfirming] = useState(false);
  const remove = useProcessorChange(processorApi.removePaypal, 'PayPal details removed.');
  const isSaved = wallet.merchant_id !== null || wallet.email !== null;

  const submit = form.onSubmit((values) => {
    setError(null);
    save.mutate(values, {
      onError: (err) => {
        const described = describeFormError(err, 'The PayPal details could not be saved. Please try again.');
        form.setErrors(described.fields);
        setError(described.message);
      },
    });
  });
  const closeModal = () => {
    remove.reset();
    setConfirming(false);
  };

  return (
    <ProcessorCard title="PayPal" icon={<Wallet size={22} aria-hidden />} status={walletStatus(wallet)}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="PayPal merchant id"
            description="13 letters and digits, in PayPal under Account settings → Business information."
            placeholder="e.g. 7X2KQ3PLM9ABC"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            required
            {...form.getInputProps('merchant_id')}
          />
          <TextInput
            label="PayPal account e-mail"
            type="email"
            placeholder="e.g. giving@example.org"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            {isSaved ? (
              <Button
                variant="light"
                color="red"
                leftSection={<Trash2 size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming}
        title="Remove PayPal?"
        body="The donation form stops showing the PayPal button (unless the sandbox stands in). PayPal payments already made are not affected."
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={closeModal}
      />
    </ProcessorCard>
  );
}

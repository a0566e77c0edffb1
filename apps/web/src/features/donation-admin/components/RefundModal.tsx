import { fromMinorUnits, type TDonationDetail, toMinorUnits } from '@kindling/contracts';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { type Format, useFormat } from '../../../shared/format.ts';
import { donationAdminKeys, refundDonation } from '../api/donation-admin.queries.ts';

type RefundModalProps = { donation: TDonationDetail; opened: boolean; onClose: () => void };

/** The amount typed, checked against what is left: minor units, or the message for the field. */
export function checkRefundAmount(
  text: string,
  left: number,
  currency: string,
  format: Pick<Format, 'money'>,
): { minor: number } | { error: string } {
  const parsed = toMinorUnits(text, currency);
  if (!parsed.ok) return { error: parsed.error };
  if (parsed.minor <= 0) return { error: 'Enter an amount greater than zero' };
  if (parsed.minor > left) return { error: `At most ${format.money(left, currency)} is left to refund` };
  return { minor: parsed.minor };
}

/**
 * Refund all or part of a gift: choose, check, confirm. One idempotency key per opening of the
 * modal, so a retried or double-clicked confirmation refunds once.
 */
export function RefundModal({ donation, opened, onClose }: RefundModalProps) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const left = donation.refundable_minor;
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState(fromMinorUnits(left, donation.currency));
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const checked = mode === 'full' ? { minor: left } : checkRefundAmount(amount, left, donation.currency, format);
  const refund = useMutation({
    mutationFn: (minor: number) =>
      refundDonation(donation.id, {
        amount_minor: minor,
        idempotency_key: key,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(donationAdminKeys.donation(npoId, donation.id), updated);
      void queryClient.invalidateQueries({ queryKey: donationAdminKeys.history(npoId, donation.id) });
      close();
    },
  });
  const close = () => {
    setConfirming(false);
    setMode('full');
    setReason('');
    setKey(crypto.randomUUID());
    refund.reset();
    onClose();
  };
  const serverError =
    refund.error instanceof ApiError
      ? (refund.error.body?.fields?.amount_minor ?? refund.error.message)
      : (refund.error?.message ?? null);
  const chosen = 'minor' in checked ? format.money(checked.minor, donation.currency) : null;

  return (
    <Modal opened={opened} onClose={close} title="Refund donation" centered fullScreen={false} size="md">
      <Stack gap="md">
        <Text size="sm">
          {format.money(left, donation.currency)} of {format.money(donation.amount_minor, donation.currency)} can be
          refunded. The money goes back through {donation.provider ?? 'the provider'}.
        </Text>
        {confirming && chosen ? (
          <Alert color="orange" title="Refund this amount?">
            {chosen} goes back to {donation.donor.email}. This cannot be undone.
          </Alert>
        ) : (
          <>
            <SegmentedControl
              aria-label="How much to refund"
              value={mode}
              onChange={(v) => {
                if (v === 'partial') setAmount(fromMinorUnits(left, donation.currency));
                setMode(v as 'full' | 'partial');
              }}
              data={[
                { value: 'full', label: 'Everything left' },
                { value: 'partial', label: 'Part of it' },
              ]}
            />
            {mode === 'partial' && (
              <TextInput
                label={`Amount (${donation.currency})`}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
                error={'error' in checked ? checked.error : undefined}
                data-autofocus
              />
            )}
            <Textarea
              label="Reason (optional)"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              rows={2}
            />
          </>
        )}
        {serverError && (
          <Alert color="red" role="alert" title="The refund did not go through">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={refund.isPending}>
            Cancel
          </Button>
          {confirming && 'minor' in checked ? (
            <Button color="red" loading={refund.isPending} onClick={() => refund.mutate(checked.minor)}>
              Refund {chosen}
            </Button>
          ) : (
            <Button color="red" disabled={!('minor' in checked)} onClick={() => setConfirming(true)}>
              Continue
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

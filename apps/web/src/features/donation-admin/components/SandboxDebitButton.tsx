import type { TDonationDetail } from '@kindling/contracts';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useSession } from '../../../session/index.ts';
import { donationAdminKeys, settleSandboxDebit } from '../api/donation-admin.queries.ts';

/**
 * Offline demos: a bank debit through the sandbox is processing until its bank answers days later.
 * This makes "days later" now: the sandbox settles it by its test account and the gift is settled
 * through the same signed webhook a real debit's is (decision 038).
 */
export function SandboxDebitButton({ d }: { d: TDonationDetail }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const settle = useMutation({
    mutationFn: () => settleSandboxDebit(d.id),
    onSuccess: (donation) => {
      queryClient.setQueryData(donationAdminKeys.donation(npoId, d.id), donation);
      void queryClient.invalidateQueries({ queryKey: donationAdminKeys.history(npoId, d.id) });
      const ok = donation.status === 'succeeded';
      notifications.show({
        color: ok ? 'green' : 'red',
        message: ok
          ? 'The bank accepted the debit: the gift is recorded.'
          : 'The bank refused the debit: the gift failed.',
      });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  if (d.provider !== 'sandbox' || d.status !== 'pending') return null;
  return (
    <Button
      variant="default"
      leftSection={<CalendarClock size={16} aria-hidden />}
      loading={settle.isPending}
      onClick={() => settle.mutate()}
    >
      Sandbox: settle this debit now
    </Button>
  );
}

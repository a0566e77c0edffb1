import type { TDonationDetail, TSandboxDisputeInput } from '@kindling/contracts';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useSession } from '../../../session/index.ts';
import { donationAdminKeys, simulateSandboxDispute } from '../api/donation-admin.queries.ts';

const DONE: Record<TSandboxDisputeInput['action'], string> = {
  open: 'The sandbox opened a dispute: the amount is withdrawn.',
  win: 'The sandbox decided the dispute for you: the amount is back.',
  lose: 'The sandbox decided the dispute for the donor: the amount stays gone.',
};

/**
 * Offline demos: what a donor's bank does at a real provider, for a gift paid through the sandbox.
 * Shown to staff who may refund; the server records it through the sandbox's signed webhook.
 */
export function SandboxDisputeMenu({ d }: { d: TDonationDetail }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const dispute = useMutation({
    mutationFn: (action: TSandboxDisputeInput['action']) => simulateSandboxDispute(d.id, action),
    onSuccess: (donation, action) => {
      queryClient.setQueryData(donationAdminKeys.donation(npoId, d.id), donation);
      void queryClient.invalidateQueries({ queryKey: donationAdminKeys.history(npoId, d.id) });
      notifications.show({ color: 'green', message: DONE[action] });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const open = d.disputes.some((x) => x.status === 'open');
  if (d.provider !== 'sandbox' || (d.status !== 'succeeded' && !open)) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<ShieldAlert size={16} aria-hidden />} loading={dispute.isPending}>
          Sandbox dispute
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Pretend the donor’s bank…</Menu.Label>
        {open ? (
          <>
            <Menu.Item onClick={() => dispute.mutate('win')}>Decides it for you</Menu.Item>
            <Menu.Item onClick={() => dispute.mutate('lose')}>Decides it for the donor</Menu.Item>
          </>
        ) : (
          <Menu.Item onClick={() => dispute.mutate('open')}>Disputes this gift</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

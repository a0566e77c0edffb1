import type { TCampaignListItem, TCampaignStatus } from '@kindling/contracts';
import { ActionIcon, Alert, Button, Group, Menu, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleStop, EllipsisVertical, HandCoins, Mail, Pencil, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../session/index.ts';
import { InviteFundraiserModal } from '../../fundraisers/index.ts';
import { campaignApi, campaignKeys } from '../api/campaigns.queries.ts';

export type StatusChange = { campaign: TCampaignListItem; status: TCampaignStatus };

/** The status a campaign can move to from the list: drafts and ended campaigns go live, live ones end. */
export const nextStatus = (status: TCampaignStatus): TCampaignStatus => (status === 'active' ? 'ended' : 'active');

type ActionsProps = {
  campaign: TCampaignListItem;
  /** Whether the role may change campaigns (the server's admin group). */
  canWrite: boolean;
  onStatusChange: (change: StatusChange) => void;
};

/** One campaign's actions as a menu, named after the campaign so screen readers can tell rows apart. */
export function CampaignActions({ campaign, canWrite, onStatusChange }: ActionsProps) {
  const target = nextStatus(campaign.status);
  // Going live needs campaigns.publish on top of the role (docs/product/team.md#permissions).
  const canPublish = useCan('campaigns.publish');
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${campaign.name}`}>
            <EllipsisVertical size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to={`/dashboard/campaign-donations/${campaign.id}`}
            leftSection={<HandCoins size={14} aria-hidden />}
          >
            View donations
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={`/dashboard/campaign-edit/${campaign.id}`}
            leftSection={<Pencil size={14} aria-hidden />}
          >
            Edit
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={`/dashboard/campaigns/receipts/${campaign.id}`}
            leftSection={<Mail size={14} aria-hidden />}
          >
            Receipt e-mail
          </Menu.Item>
          {canWrite && (target === 'ended' || canPublish) ? (
            <Menu.Item
              color={target === 'ended' ? 'red' : undefined}
              leftSection={
                target === 'ended' ? <CircleStop size={14} aria-hidden /> : <CircleCheck size={14} aria-hidden />
              }
              onClick={() => onStatusChange({ campaign, status: target })}
            >
              {target === 'ended' ? 'End campaign' : 'Activate'}
            </Menu.Item>
          ) : null}
          {canWrite && campaign.status === 'active' && campaign.parent_campaign_id === null ? (
            <Menu.Item leftSection={<UserPlus size={14} aria-hidden />} onClick={() => setInviting(true)}>
              Invite fundraiser
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <InviteFundraiserModal
        campaign={inviting ? campaign : null}
        canChooseRole={canWrite}
        onClose={() => setInviting(false)}
      />
    </>
  );
}

const COPY: Record<'active' | 'ended', { title: string; body: string; confirm: string; done: string }> = {
  active: {
    title: 'Activate this campaign?',
    body: 'Its donation form goes live at its public address and starts taking donations.',
    confirm: 'Activate',
    done: 'is now active',
  },
  ended: {
    title: 'End this campaign?',
    body: 'Its donation form stops taking donations. Recurring plans already started keep running.',
    confirm: 'End campaign',
    done: 'has ended',
  },
};

/** Asks before a status change, then sends it and refreshes every campaign list. */
export function StatusChangeModal({ change, onClose }: { change: StatusChange | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (c: StatusChange) => campaignApi.changeStatus(c.campaign.id, c.status),
    onSuccess: async (_data, c) => {
      notifications.show({
        color: 'green',
        message: `${c.campaign.name} ${COPY[c.status === 'active' ? 'active' : 'ended'].done}`,
      });
      close();
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
  const close = () => {
    mutation.reset();
    onClose();
  };
  const copy = COPY[change?.status === 'active' ? 'active' : 'ended'];
  return (
    <Modal opened={change !== null} onClose={close} title={copy.title} centered>
      <Text fw={500} mb={4}>
        {change?.campaign.name}
      </Text>
      <Text size="sm" c="dimmed">
        {copy.body}
      </Text>
      {mutation.error ? (
        <Alert color="red" mt="md" role="alert">
          {mutation.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button
          color={change?.status === 'ended' ? 'red' : undefined}
          loading={mutation.isPending}
          onClick={() => change && mutation.mutate(change)}
        >
          {copy.confirm}
        </Button>
      </Group>
    </Modal>
  );
}

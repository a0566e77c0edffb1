import { PEER_THANK_YOU_TEMPLATE, type TPeerGift } from '@kindling/contracts';
import { Badge, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { toast } from '../../../shared/toast.ts';
import { peerApi, peerKeys, peerQueries } from '../api/peer.queries.ts';

type ThankProps = { pageId: number; campaignName: string; gift: TPeerGift | null; onClose: () => void };

/** The thank-you e-mail from the template, editable; or only marking the gift thanked. */
function ThankModal({ pageId, campaignName, gift, onClose }: ThankProps) {
  const client = useQueryClient();
  const [message, setMessage] = useState(PEER_THANK_YOU_TEMPLATE.replace('{campaign}', campaignName));
  const thank = useMutation({
    mutationFn: (sendEmail: boolean) => peerApi.thank(pageId, gift?.id ?? 0, { send_email: sendEmail, message }),
    onSuccess: (_answer, sendEmail) => {
      toast('green', sendEmail ? 'Your thank-you e-mail is on its way.' : 'Marked as thanked.');
      void client.invalidateQueries({ queryKey: peerKeys.all });
      onClose();
    },
  });
  const error = thank.isError ? describeFormError(thank.error, 'The thank-you could not be saved.').message : null;
  return (
    <Modal opened={gift !== null} onClose={onClose} title={`Thank ${gift?.donor_name ?? ''}`}>
      <Stack>
        <FormAlert message={error} />
        <Textarea
          label="Your message"
          description="Sent by e-mail to the donor; their address stays private."
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => thank.mutate(false)} loading={thank.isPending && !thank.variables}>
            Mark as thanked
          </Button>
          <Button onClick={() => thank.mutate(true)} loading={thank.isPending && thank.variables === true}>
            Send thank-you
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A page's gifts, newest first, with their thank-you status. */
export function GiftsTable({ pageId, limit }: { pageId: number; limit?: number }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const format = useFormat();
  const gifts = useQuery(peerQueries.gifts(npoId, pageId));
  const [thanking, setThanking] = useState<TPeerGift | null>(null);
  if (gifts.isError) {
    return (
      <LoadError
        title="Donations could not be loaded"
        message={gifts.error.message}
        retrying={gifts.isFetching}
        onRetry={() => void gifts.refetch()}
      />
    );
  }
  const list = (gifts.data?.gifts ?? []).slice(0, limit);
  if (gifts.data && list.length === 0)
    return <Text c="dimmed">No donations yet. Share your page to get the first one.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Donor</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Thank-you</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>{g.donor_name}</Table.Td>
                <Table.Td>{format.money(g.amount_minor, g.currency)}</Table.Td>
                <Table.Td>{format.date(g.given_at)}</Table.Td>
                <Table.Td>
                  {g.thanked_at ? (
                    <Badge color="teal.9" variant="filled">
                      Thanked
                    </Badge>
                  ) : (
                    <Button size="xs" variant="light" onClick={() => setThanking(g)}>
                      Thank {g.donor_name}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {thanking && (
        <ThankModal
          pageId={pageId}
          campaignName={gifts.data?.page.campaign_name ?? ''}
          gift={thanking}
          onClose={() => setThanking(null)}
        />
      )}
    </>
  );
}

import type { TEmailTemplate, TEmailTemplateResponse } from '@kindling/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { resetTemplate, type TemplateTarget } from '../api/email-templates.queries.ts';

/** Back to the default (or, for a campaign's receipt, to the organisation's), after asking. */
export function ResetButton({
  target,
  source,
  onReset,
}: {
  target: TemplateTarget;
  source: TEmailTemplate['source'];
  onReset: (response: TEmailTemplateResponse) => void;
}) {
  const [open, setOpen] = useState(false);
  const forCampaign = target.campaignId !== null;
  const reset = useMutation({
    mutationFn: () => resetTemplate(target),
    onSuccess: (response) => {
      setOpen(false);
      onReset(response);
    },
  });
  const label = forCampaign ? "Use the organisation's receipt" : 'Reset to default';
  const stored = forCampaign ? source === 'campaign' : source !== 'default';
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        leftSection={<RotateCcw size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        disabled={!stored}
      >
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`${label}?`} centered>
        <Stack gap="md">
          <Text size="sm">
            {forCampaign
              ? "This campaign's own receipt template is deleted; its donors get the organisation's receipt."
              : 'The edited template is deleted; donors get the built-in template.'}
          </Text>
          {reset.isError ? (
            <Alert color="red" role="alert">
              {reset.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="red" loading={reset.isPending} onClick={() => reset.mutate()}>
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

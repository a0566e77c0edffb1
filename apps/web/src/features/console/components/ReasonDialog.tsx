import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';

type Props = {
  opened: boolean;
  title: string;
  /** What the action does, in a sentence. */
  description: string;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  /** Runs the action with the reason; the dialog closes when it succeeds. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** Fields the action needs besides the reason (the fee), given the server's messages by field. */
  children?: ReactNode | ((fields: Partial<Record<string, string>>) => ReactNode);
};

/** Every console action asks why: the reason goes to the audit log with the operator's name. */
export function ReasonDialog({
  opened,
  title,
  description,
  confirmLabel,
  danger,
  onClose,
  onConfirm,
  children,
}: Props) {
  const [reason, setReason] = useState('');
  const run = useMutation({
    mutationFn: () => onConfirm(reason),
    onSuccess: () => {
      setReason('');
      onClose();
    },
  });
  const error = run.error ? describeFormError(run.error, 'The action could not be completed.') : null;
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          run.mutate();
        }}
      >
        <Stack>
          <Text size="sm">{description}</Text>
          <FormAlert message={error?.message ?? null} />
          {typeof children === 'function' ? children(error?.fields ?? {}) : children}
          <Textarea
            label="Reason"
            description="Recorded in the audit log with your name."
            required
            rows={3}
            value={reason}
            error={error?.fields.reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={run.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

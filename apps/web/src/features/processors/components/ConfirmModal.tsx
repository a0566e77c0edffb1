import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import classes from '../../../shared/readable.module.css';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a change that takes a payment method off the donation form. */
export function ConfirmModal({
  opened,
  title,
  body,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    // The modal renders in a portal, outside the page's wrapper: it carries the same colours.
    <Modal opened={opened} onClose={onClose} title={title} centered className={classes.readable}>
      <Text size="sm">{body}</Text>
      {error ? (
        <Alert color="red" mt="md" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button color="red" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

import { Alert } from '@mantine/core';
import { CircleAlert } from 'lucide-react';
import { forwardRef } from 'react';

/**
 * A form's error message. It is focusable (tabIndex -1) and announced (role alert), so a screen
 * reader user hears why the step failed and focus can be moved to it.
 */
export const FormAlert = forwardRef<HTMLDivElement, { message: string | null; title?: string }>(function FormAlert(
  { message, title },
  ref,
) {
  if (!message) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="alert"
      color="red"
      variant="light"
      title={title}
      icon={<CircleAlert size={18} />}
    >
      {message}
    </Alert>
  );
});

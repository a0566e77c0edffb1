import { CONSTANTS } from '@kindling/contracts';
import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a page loads and while the session check runs (spec 01 section 2.1). */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Loader color={CONSTANTS.spinnerColor} size="lg" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}

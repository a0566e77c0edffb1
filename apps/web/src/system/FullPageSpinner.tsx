import { CONSTANTS } from '@kindling/contracts';
import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a page loads and while the session check runs (docs/product/sign-in.md#public-routes). */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Loader color={CONSTANTS.spinnerColor} size="lg" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}

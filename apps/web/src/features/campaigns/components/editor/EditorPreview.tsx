import type { TPublicCampaign } from '@kindling/contracts';
import { Alert, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { Eye } from 'lucide-react';
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';

type FormProps = { campaign: TPublicCampaign; preview: true };

// The public form is built in apps/web/src/donate/. A glob import compiles whether or not that file
// exists yet, and keeps the form in its own chunk: the editor loads it only when it shows a preview.
const modules = import.meta.glob<{ DonationForm: ComponentType<FormProps> }>('../../../../donate/DonationForm.tsx');
const load = Object.values(modules)[0];
const DonationForm = load ? lazy(() => load().then((m) => ({ default: m.DonationForm }))) : null;

/** A half-typed setting must not take the editor down with the preview. */
class PreviewBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }
  override render() {
    return this.state.failed ? (
      <Alert color="yellow">The preview cannot show this draft yet. Keep editing; saving is not affected.</Alert>
    ) : (
      this.props.children
    );
  }
}

/** The real public donation form, fed the unsaved draft; it takes no payment in preview mode. */
export function EditorPreview({ campaign }: { campaign: TPublicCampaign }) {
  return (
    <Stack gap="xs" aria-label="Preview of the donation form" role="region">
      <Text size="sm" c="dimmed">
        <Eye size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
        Live preview: nothing is charged here.
      </Text>
      <Paper
        withBorder
        radius="md"
        p="sm"
        bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
        style={{ overflow: 'hidden' }}
      >
        {DonationForm ? (
          <PreviewBoundary resetKey={JSON.stringify(campaign)}>
            <Suspense
              fallback={
                <Center mih={200} role="status" aria-label="Loading preview">
                  <Loader size="sm" />
                </Center>
              }
            >
              <DonationForm campaign={campaign} preview />
            </Suspense>
          </PreviewBoundary>
        ) : (
          <Alert color="gray" title="Preview not available in this build" data-testid="preview-fallback">
            The public donation form is not part of this build yet, so the preview cannot show it.
          </Alert>
        )}
      </Paper>
    </Stack>
  );
}

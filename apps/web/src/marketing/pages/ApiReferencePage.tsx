// The bundled Scalar build, copied into dist/assets by Vite and fetched only by this page: nothing
// from another host, nothing in the app's or the donation page's first load (decision 020).

import { Alert, Anchor, Container, Group, Loader, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import scalarScriptUrl from '@scalar/api-reference/browser/standalone.js?url';
import { useEffect, useRef, useState } from 'react';
import classes from './pages.module.css';

export const OPENAPI_URL = '/api/v1/openapi.json';

type ScalarInstance = { destroy?: () => void };
type ScalarGlobal = { createApiReference: (element: Element, configuration: object) => ScalarInstance };

declare global {
  interface Window {
    Scalar?: ScalarGlobal;
  }
}

let loading: Promise<ScalarGlobal> | null = null;

/** Adds the Scalar script once per page load. */
function loadScalar(): Promise<ScalarGlobal> {
  if (window.Scalar) return Promise.resolve(window.Scalar);
  loading ??= new Promise<ScalarGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scalarScriptUrl;
    script.async = true;
    script.onload = () => (window.Scalar ? resolve(window.Scalar) : reject(new Error('Scalar did not start')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Scalar could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Our type and accent, and text colours dark enough for WCAG AA contrast on Scalar's greys (its
 * defaults fail axe's color-contrast check in both modes). The cards listing a tag's endpoints grow
 * and wrap long paths instead of scrolling, so they need no keyboard focus of their own.
 */
const SCALAR_CSS = `
.scalar-app {
  --scalar-font: var(--mantine-font-family);
  --scalar-font-code: var(--mantine-font-family-monospace);
  /* The public header stays on top: Scalar's sticky sidebar starts below it. */
  --scalar-custom-header-height: 64px;
}
.scalar-app h1, .scalar-app h2, .scalar-app h3 { overflow-wrap: anywhere; }
.light-mode, .light-mode .scalar-app {
  --scalar-color-accent: #9a3412;
  --scalar-color-2: #545454;
  --scalar-color-3: #5c5c5c;
  --scalar-sidebar-color-2: #545454;
  --scalar-color-green: #08663f;
  --scalar-color-blue: #005a99;
  --scalar-color-orange: #a84300;
  --scalar-color-red: #b3001b;
  --scalar-color-yellow: #6b5200;
  --scalar-color-purple: #5203d1;
}
.dark-mode, .dark-mode .scalar-app {
  --scalar-color-accent: #fdba74;
  --scalar-color-2: #c2c2c2;
  --scalar-color-3: #b0b0b0;
  --scalar-sidebar-color-2: #c2c2c2;
  --scalar-color-red: #ff7a7a;
}
.scalar-app .scalar-card-content.custom-scroll { max-height: none; overflow: visible; }
.scalar-app .endpoints { overflow: visible; }
.scalar-app .endpoints .endpoint-path { white-space: normal; overflow-wrap: anywhere; min-width: 0; }
`;

/** Scalar in the public site's type and colours, without anything it would fetch elsewhere. */
const configuration = (scheme: 'light' | 'dark') => ({
  url: OPENAPI_URL,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  // Trying calls needs a session and a CSRF token; the reference describes, the app acts.
  hideClientButton: true,
  hideTestRequestButton: true,
  showDeveloperTools: 'never',
  hideDarkModeToggle: true,
  forceDarkModeState: scheme,
  documentDownloadType: 'json',
  // The code samples are the same curl call in twenty languages; the document is the reference.
  hiddenClients: true,
  customCss: SCALAR_CSS,
});

/** /api-reference: the OpenAPI document of /api/v1, rendered by Scalar inside the public site. */
export function ApiReferencePage() {
  const scheme = useComputedColorScheme('light');
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let instance: ScalarInstance | null = null;
    let cancelled = false;
    loadScalar().then(
      (scalar) => {
        if (cancelled || !mount.current) return;
        instance = scalar.createApiReference(mount.current, configuration(scheme));
        setState('ready');
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      instance?.destroy?.();
    };
  }, [scheme]);

  return (
    <>
      <div className={classes.hero}>
        <title>API reference · Kindling</title>
        <Container size="lg">
          <Stack gap="md">
            <Text className={classes.eyebrow}>API reference</Text>
            <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
              API reference
            </Title>
            <Text size="lg" c="dimmed" maw={680}>
              Every call of the Kindling API: who may make it, what it takes and what it answers. Generated from the
              same definitions the server checks each request against.
            </Text>
            <Text size="sm">
              <Anchor href={OPENAPI_URL}>Download the OpenAPI 3.1 document</Anchor>
            </Text>
          </Stack>
        </Container>
      </div>
      {state === 'loading' && (
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading the reference…</Text>
        </Group>
      )}
      {state === 'failed' && (
        <Container size="lg" py="xl">
          <Alert color="red" title="The reference could not be loaded">
            Reload the page to try again. The document itself is at <Anchor href={OPENAPI_URL}>{OPENAPI_URL}</Anchor>.
          </Alert>
        </Container>
      )}
      <div ref={mount} className={classes.apiReference} />
    </>
  );
}

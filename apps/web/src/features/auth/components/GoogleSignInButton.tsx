import { MESSAGES, type TLoginResponse } from '@kindling/contracts';
import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { sessionQueries } from '../../../session/session.queries.ts';
import { authApi } from '../api/auth.api.ts';
import { loadGoogleIdentity, promptEnded } from '../google-identity.ts';
import { GoogleIcon } from './ProviderIcons.tsx';

type Props = { onResult: (login: TLoginResponse) => void; disabled?: boolean };

// Google Identity Services warns when initialised twice; the callback reads the latest handler.
let initialisedFor: string | null = null;
let credentialHandler: ((credential: string | undefined) => void) | null = null;

/**
 * 'Continue with Google' (docs/product/sign-in.md#google-and-stripe). Without a configured client id it says that
 * Google sign-in is not set up. A failure is only logged and the button enabled again (section 8).
 */
export function GoogleSignInButton({ onResult, disabled = false }: Props) {
  const config = useQuery(sessionQueries.authConfig());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  const handleCredential = async (credential: string | undefined) => {
    if (!credential) return setBusy(false);
    try {
      onResultRef.current(await authApi.googleOnetap(credential));
    } catch (error) {
      console.error('Google sign-in failed', error);
      setBusy(false);
    }
  };

  const start = async () => {
    const clientId = config.data?.google_client_id;
    if (!clientId) {
      setNotice(MESSAGES.googleNotConfigured);
      return;
    }
    setNotice(null);
    setBusy(true);
    credentialHandler = (credential) => void handleCredential(credential);
    try {
      const google = await loadGoogleIdentity();
      if (initialisedFor !== clientId) {
        google.accounts.id.initialize({ client_id: clientId, callback: (r) => credentialHandler?.(r.credential) });
        initialisedFor = clientId;
      }
      google.accounts.id.prompt((moment) => {
        if (promptEnded(moment)) setBusy(false);
      });
    } catch (error) {
      console.error('Google sign-in failed', error);
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="default"
        fullWidth
        leftSection={<GoogleIcon />}
        loading={busy}
        disabled={busy || disabled || config.isPending}
        onClick={() => void start()}
      >
        Continue with Google
      </Button>
      {notice && (
        <Text size="sm" c="dimmed" role="status">
          {notice}
        </Text>
      )}
    </>
  );
}

import { CONSTANTS } from '@kindling/contracts';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { profileKeys, profileQueries } from '../api/profile.queries.ts';
import { BackupCodesPanel } from './BackupCodesPanel.tsx';
import { DisableMfa } from './DisableMfa.tsx';
import { EnableMfa } from './EnableMfa.tsx';
import { RegenerateCodes } from './RegenerateCodes.tsx';

/**
 * The two-factor section of /profile (#two-factor, where the first sign-in's backup codes are shown
 * and where members of an organisation that requires a second factor are sent): status, set-up,
 * new backup codes and turning it off.
 */
export function TwoFactorSection() {
  const session = useSession();
  const queryClient = useQueryClient();
  const status = useQuery(profileQueries.mfaStatus());
  // Codes made on this page (enable, regenerate), shown once like the first sign-in's.
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const refetchStatus = () => queryClient.invalidateQueries({ queryKey: profileKeys.mfa() });

  return (
    <Stack gap="lg" id="two-factor">
      {session.backupCodes && session.backupCodes.length > 0 && (
        <BackupCodesPanel
          codes={session.backupCodes}
          email={session.email}
          title="Save your backup codes"
          intro="Your account uses two-step verification. If you cannot use your authenticator app, sign in with one of these codes instead."
          onDone={session.clearBackupCodes}
        />
      )}
      {freshCodes && (
        <BackupCodesPanel
          codes={freshCodes}
          email={session.email}
          title="Your new backup codes"
          intro="Any backup codes you had before no longer work. Keep these instead."
          onDone={() => setFreshCodes(null)}
        />
      )}
      <Card withBorder padding="lg" component="section" aria-labelledby="two-factor-title">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} fz="lg" id="two-factor-title">
              Two-step verification
            </Title>
            {status.data && (
              <Badge color={status.data.otp_enabled ? 'teal.9' : 'gray.7'} variant="outline" size="lg">
                {status.data.otp_enabled ? 'On' : 'Off'}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Besides your password, signing in asks for a code from an authenticator app on your phone.
          </Text>
          {status.isPending && (
            <Loader role="status" size="sm" color={CONSTANTS.spinnerColor} aria-label="Loading security settings" />
          )}
          {status.isError && (
            <Stack gap="xs" align="flex-start">
              <FormAlert message="Your security settings could not be loaded." />
              <Button variant="default" size="xs" onClick={() => void status.refetch()}>
                Try again
              </Button>
            </Stack>
          )}
          {status.data && !status.data.otp_enabled && (
            <EnableMfa
              onEnabled={(codes) => {
                setFreshCodes(codes);
                session.setOtpEnabled(true);
                void refetchStatus();
              }}
            />
          )}
          {status.data?.otp_enabled && (
            <>
              <Text size="sm">
                Backup codes remaining: <strong>{status.data.backup_codes_remaining}</strong>
                {status.data.backup_codes_remaining <= 3 && ' (generate new ones soon)'}
              </Text>
              <RegenerateCodes
                onCodes={(codes) => {
                  setFreshCodes(codes);
                  void refetchStatus();
                }}
              />
              <DisableMfa
                onDisabled={() => {
                  setFreshCodes(null);
                  session.setOtpEnabled(false);
                  void refetchStatus();
                }}
              />
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

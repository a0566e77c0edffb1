import { CONSTANTS, type TLoginResponse } from '@kindling/contracts';
import { Anchor, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { CredentialsForm } from '../components/CredentialsForm.tsx';
import { GoogleSignInButton } from '../components/GoogleSignInButton.tsx';
import { SecondFactorForm } from '../components/SecondFactorForm.tsx';
import { StripeSignInButton } from '../components/StripeSignInButton.tsx';
import { useCompleteSignIn } from '../useCompleteSignIn.ts';
import { useStripeReturn } from '../useStripeReturn.ts';

/** /login: the Sign In screen in docs/product/sign-in.md#sign-in-screen with its second-factor view. */
export function LoginPage() {
  usePageTitle('Sign in');
  const complete = useCompleteSignIn();
  const [challenge, setChallenge] = useState<string | null>(null);

  // Password, Google and Stripe sign-in can all ask for a second factor (docs/product/sign-in.md#second-factor).
  const handleResult = useCallback(
    (login: TLoginResponse) => {
      if (login.two_factor_required && login.temp_session_id) setChallenge(login.temp_session_id);
      else complete(login);
    },
    [complete],
  );
  const stripe = useStripeReturn(handleResult);

  if (challenge) {
    return (
      <AuthLayout title="Two-step verification" subtitle="One more step to keep your organisation safe.">
        <SecondFactorForm tempSessionId={challenge} onSuccess={complete} onBack={() => setChallenge(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign In" subtitle="Welcome back. Sign in to manage your fundraising.">
      <FormAlert message={stripe.error} />
      {stripe.pending && (
        <Group gap="sm" role="status">
          <Loader size="sm" color={CONSTANTS.spinnerColor} />
          <Text size="sm">Finishing your sign-in with Stripe…</Text>
        </Group>
      )}
      <CredentialsForm onResult={handleResult} disabled={stripe.pending} />
      <Divider label="or" labelPosition="center" />
      <Stack gap="sm">
        <GoogleSignInButton onResult={handleResult} disabled={stripe.pending} />
        <StripeSignInButton disabled={stripe.pending} onError={stripe.setError} />
      </Stack>
      <Text size="sm" ta="center">
        New to Kindling?{' '}
        <Anchor component={Link} to="/signup" fw={600}>
          Sign up
        </Anchor>
      </Text>
    </AuthLayout>
  );
}

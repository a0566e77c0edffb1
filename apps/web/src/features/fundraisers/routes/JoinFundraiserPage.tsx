import type { TConfirmFundraiserResponse } from '@kindling/contracts';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../app/api-client.ts';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { AuthLayout } from '../../auth/index.ts';

/**
 * /join-fundraiser?token=…: the link e-mailed to a visitor who asked to fundraise (decision 023).
 * Joining takes a click, never the page load alone, so a mail scanner opening the link enrols nobody.
 */
export function JoinFundraiserPage() {
  usePageTitle('Join as a fundraiser');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const join = useMutation({
    mutationFn: () => api<TConfirmFundraiserResponse>('POST', '/fundraiser/confirm', { body: { token } }),
  });

  let body: React.ReactNode;
  if (join.isSuccess) body = <Joined answer={join.data} />;
  else
    body = (
      <Stack gap="md">
        <Text size="sm">Confirm that you want to raise funds for this campaign with your own fundraising page.</Text>
        <FormAlert
          message={
            !token
              ? 'This link is not valid. Check that the whole link from the e-mail was opened.'
              : join.isError
                ? describeFormError(join.error, 'Joining did not work right now. Please try again.').message
                : null
          }
        />
        <Button onClick={() => join.mutate()} loading={join.isPending} disabled={!token}>
          Join as a fundraiser
        </Button>
      </Stack>
    );
  return (
    <AuthLayout title="Join as a fundraiser">
      {body}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Go to sign in
      </Anchor>
    </AuthLayout>
  );
}

function Joined({ answer }: { answer: TConfirmFundraiserResponse }) {
  // The link is absolute (it is also e-mailed); inside the app only its path is followed.
  const link = answer.password_url ? new URL(answer.password_url) : null;
  const passwordPath = link ? `${link.pathname}${link.search}` : null;
  return (
    <Stack gap="md">
      <Alert color="green" icon={<CircleCheck size={18} aria-hidden />} title="You have joined">
        You are now a fundraiser for {answer.campaign_name}. Your own fundraising page is made when you first sign in.
      </Alert>
      {passwordPath ? (
        <Button component={Link} to={passwordPath}>
          Choose your password
        </Button>
      ) : (
        <Button component={Link} to="/login">
          Sign in
        </Button>
      )}
    </Stack>
  );
}

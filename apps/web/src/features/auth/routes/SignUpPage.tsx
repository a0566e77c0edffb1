import { Box, Stepper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { useSession } from '../../../session/session-context.ts';
import { isSignedIn } from '../../../session/session-state.ts';
import { FullPageSpinner } from '../../../system/FullPageSpinner.tsx';
import { AccountStep } from '../components/AccountStep.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { OrganisationStep } from '../components/OrganisationStep.tsx';

/**
 * /signup and /register. Step 1 creates the account and signs the person in; step 2 creates their
 * organisation. A signed-in user without an organisation (for example after a Google or Stripe
 * sign-in, sent to /signup?step=3) sees the organisation step directly.
 */
export function SignUpPage() {
  usePageTitle('Sign up');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const stripeAccount = params.get('stripe_account');

  if (session.phase === 'checking') return <FullPageSpinner label="Checking your session" />;
  const active = isSignedIn(session) ? 1 : 0;

  const finish = async () => {
    // The new organisation (and the admin role in it) comes back with the session.
    await session.refresh();
    navigate('/dashboard/home', { replace: true });
  };

  return (
    <AuthLayout
      title={active === 0 ? 'Create your account' : 'Set up your organisation'}
      subtitle={
        active === 0
          ? 'Start raising funds in minutes. No card needed.'
          : `Signed in as ${session.email}. Tell us about the organisation you raise funds for.`
      }
      width={520}
    >
      <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label="Sign-up steps">
        <Stepper.Step label="Account" description={<StepHint>About you</StepHint>}>
          <AccountStep onCreated={session.applyLogin} />
        </Stepper.Step>
        <Stepper.Step label="Organisation" description={<StepHint>Who you raise for</StepHint>}>
          <OrganisationStep stripeAccount={stripeAccount} onCreated={finish} />
        </Stepper.Step>
      </Stepper>
    </AuthLayout>
  );
}

/** Step descriptions only where there is room; on a phone the labels say enough. */
function StepHint({ children }: { children: ReactNode }) {
  return (
    <Box component="span" visibleFrom="xs">
      {children}
    </Box>
  );
}

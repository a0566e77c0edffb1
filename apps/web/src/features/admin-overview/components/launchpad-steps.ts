import type { TLaunchpadStep } from '@kindling/contracts';

type StepText = { title: string; done: string; todo: string; path: string; action: string };

/** What each set-up step says and where it is done (docs/product/overview.md#launchpad). */
export const STEP_TEXT: Record<TLaunchpadStep, StepText> = {
  profile: {
    title: 'Complete your organisation profile',
    done: 'Receipts and the donation form carry your organisation’s details.',
    todo: 'Receipts and the donation form need your organisation’s details.',
    path: '/admin/organization',
    action: 'Edit the profile',
  },
  logo: {
    title: 'Add your logo',
    done: 'Your logo shows on the donation form and receipts.',
    todo: 'Donors recognise you faster with your logo on the form and receipts.',
    path: '/admin/organization',
    action: 'Upload a logo',
  },
  payment_provider: {
    title: 'Connect a payment provider',
    done: 'Stripe or PayPal is connected to receive gifts.',
    todo: 'Connect Stripe or PayPal so donations reach your account.',
    path: '/admin/processors',
    action: 'Connect a provider',
  },
  campaign_published: {
    title: 'Publish your first campaign',
    done: 'A campaign has gone live.',
    todo: 'A live campaign gives donors a form to give through.',
    path: '/dashboard/campaigns',
    action: 'Open campaigns',
  },
  receipt_template: {
    title: 'Review the receipt e-mail',
    done: 'Your receipt e-mail has been reviewed and saved.',
    todo: 'Read the receipt donors get and save it in your own words.',
    path: '/dashboard/campaigns/one-time-emails',
    action: 'Review the receipt',
  },
  team_invited: {
    title: 'Invite your team',
    done: 'A colleague has joined or been invited.',
    todo: 'Invite a colleague so you are not the only one who can help.',
    path: '/admin/team',
    action: 'Invite a colleague',
  },
  second_factor: {
    title: 'Turn on two-factor sign-in',
    done: 'Your account asks for a second factor when you sign in.',
    todo: 'Protect your account with a code from an authenticator app.',
    path: '/account-settings',
    action: 'Set up two-factor',
  },
  test_donation: {
    title: 'Make a test donation',
    done: 'A test donation went through the sandbox.',
    todo: 'Give through your form with the sandbox to see what donors see.',
    path: '/dashboard/campaigns',
    action: 'Try your form',
  },
};

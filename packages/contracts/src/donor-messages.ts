// Zod-free (the public donation form imports it directly): what the donor is told about their details.
export const DONOR_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  answersInvalid: 'Answers must be text or a list of options',
  feesInconsistent: 'The fee cover does not match the amount',
} as const;

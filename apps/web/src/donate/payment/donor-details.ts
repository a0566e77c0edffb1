// Card sub-step 0 (docs/product/donation-form.md#step-2-payment): who is giving. First name, last name and e-mail are
// required; the billing address is asked only when the campaign collects it, and Gift Aid needs a
// home address and postcode (docs/product/receipts.md#gift-aid).
import { DONOR_MESSAGES } from '@kindling/contracts/donor-messages.ts';
import { GIFT_AID_MESSAGES } from '@kindling/contracts/gift-aid-rules.ts';

export type DonorDetails = {
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

export type DonorField = keyof DonorDetails;
export type DonorErrors = Partial<Record<DonorField, string>>;

export const EMPTY_DONOR: DonorDetails = {
  firstName: '',
  lastName: '',
  email: '',
  address: '',
  address2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
};

/** The shape an e-mail address must have before we send it (the server checks it again). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateDonor(d: DonorDetails, needs: { address: boolean; giftAid: boolean }): DonorErrors {
  const errors: DonorErrors = {};
  if (!d.firstName.trim()) errors.firstName = DONOR_MESSAGES.firstNameRequired;
  if (!d.lastName.trim()) errors.lastName = DONOR_MESSAGES.lastNameRequired;
  const email = d.email.trim();
  if (!email) errors.email = DONOR_MESSAGES.emailRequired;
  else if (!EMAIL.test(email) || email.length > 254) errors.email = DONOR_MESSAGES.emailInvalid;
  if (needs.giftAid) {
    if (!d.address.trim()) errors.address = GIFT_AID_MESSAGES.addressRequired;
    if (!d.postalCode.trim()) errors.postalCode = GIFT_AID_MESSAGES.postcodeRequired;
  }
  return errors;
}

export const hasErrors = (errors: DonorErrors): boolean => Object.keys(errors).length > 0;

import { z } from 'zod';
import { PAYMENT_METHODS } from './payment-method-rules.ts';

export * from './payment-method-rules.ts';

export const ZPaymentMethod = z.enum(PAYMENT_METHODS, { error: 'Choose PayPal or card' });

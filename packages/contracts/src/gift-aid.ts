import { z } from 'zod';

export * from './gift-aid-rules.ts';

/** A declaration as stored on a donation (name, address and date: docs/product/receipts.md#gift-aid). */
export const ZGiftAidDeclaration = z.object({
  name: z.string(),
  address: z.string(),
  postcode: z.string(),
  /** YYYY-MM-DD, set by the server when the donation is recorded. */
  declared_on: z.string(),
  text_version: z.string(),
});
export type TGiftAidDeclaration = z.infer<typeof ZGiftAidDeclaration>;

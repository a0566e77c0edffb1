// The campaign story is HTML from the staff editor, shown to every visitor of the crowdfunding
// page: reduced to this allow-list before it is stored (decision 023).
import { FORMATTED_TEXT_TAGS, htmlSanitiser } from '../../platform/security/html.ts';

/** Web pages, e-mail addresses and the app's own pages; never javascript:, data: or another scheme. */
export const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))[^\s<>"'\p{Cc}]*$/iu;

export const sanitiseDescription = htmlSanitiser({
  tags: FORMATTED_TEXT_TAGS,
  href: SAFE_HREF,
  // Images from https pages and the organisation's own uploads only: no data: or http images.
  imgSrc: /^(https:\/\/|\/uploads\/)[^\s<>"'\p{Cc}]*$/iu,
});

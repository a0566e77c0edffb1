// E-mail templates: staff-edited subject and body per kind (and a campaign's own receipt), rendered
// with the merge fields of a gift, plan or donor.

export {
  claimNotice,
  deliverNoticeOnce,
  isNoticeUnsent,
  type NoticeClaim,
  type NoticeDelivery,
} from './email-notices.repository.ts';
export { emailNotices } from './email-notices.tables.ts';
export { emailTemplateRoutes } from './email-templates.routes.ts';
// mkt21: e-mail marketing checks, sanitises and fills its bodies as templates are.
export {
  defaultTemplate,
  type EmailKind,
  type EmailValues,
  emailDocument,
  fillTemplate,
  hasOwnTemplate,
  type MergeField,
  type RenderedEmail,
  renderEmail,
  renderEmailBody,
} from './render-email.ts';
export { mergeFieldsOf, plainTextOf, sanitiseTemplateHtml } from './template-source.ts';

// E-mail templates: staff-edited subject and body per kind (and a campaign's own receipt), rendered
// with the merge fields of a gift, plan or donor.

export { emailTemplateRoutes } from './email-templates.routes.ts';
export {
  defaultTemplate,
  type EmailKind,
  type EmailValues,
  emailDocument,
  type MergeField,
  type RenderedEmail,
  renderEmail,
  renderEmailBody,
} from './render-email.ts';

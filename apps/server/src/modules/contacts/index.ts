// CRM contacts (docs/decisions/039-contacts-are-donors.md): the donors' CRM record, households,
// relationships, custom fields and saved views. Other modules reach them through this surface only.

// seg20: segments list their members as contacts, export them as the contacts export does and type
// custom field rules as the record form does.
export { contactsCsv } from './contact-admin.service.ts';
// crm20: the contacts import writes its rows here, matched by e-mail.
export {
  existingContactEmails,
  type ImportedContactOutcome,
  importContactRow,
} from './contact-import.repository.ts';
export { foldContactInto } from './contact-links.repository.ts';
export type { ContactListFilter } from './contact-list.repository.ts';
export {
  type FieldRow as ContactFieldRow,
  selectFields as selectContactFields,
} from './contact-settings.repository.ts';
export { contactRoutes } from './contacts.routes.ts';
export { listContactsAmong } from './contacts.service.ts';
export { contactDetails, contactFields, contactRelationships, contactViews, households } from './contacts.tables.ts';
export { checkCustomFields } from './custom-fields.ts';
// mkt21: e-mail marketing's unsubscribe and its send-time check.
export { optedOutOfEmailSql, optOutOfEmail } from './email-opt-out.repository.ts';
// p16: a gift through a fundraiser's page is soft-credited to the fundraiser's contact.
export { insertFundraiserSoftCredit } from './soft-credits.repository.ts';

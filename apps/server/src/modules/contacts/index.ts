// CRM contacts (docs/decisions/039-contacts-are-donors.md): the donors' CRM record, households,
// relationships, custom fields and saved views. Other modules reach them through this surface only.
export { foldContactInto } from './contact-links.repository.ts';
export { contactRoutes } from './contacts.routes.ts';
export { contactDetails, contactFields, contactRelationships, contactViews, households } from './contacts.tables.ts';

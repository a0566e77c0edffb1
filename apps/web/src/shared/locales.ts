/** The locales an admin may choose for an organisation (and the console for new ones); any other stays selectable once set. */
export const LOCALE_CHOICES = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-IE',
  'fr-FR',
  'fr-CA',
  'de-DE',
  'es-ES',
  'nl-NL',
];

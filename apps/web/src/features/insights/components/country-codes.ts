import { alpha2ToNumeric } from 'i18n-iso-countries';

/** world-atlas keys its shapes by the ISO 3166 numeric code; insights name countries by alpha-2. */
export const numericOf = (alpha2: string): string | undefined => alpha2ToNumeric(alpha2.toUpperCase());

/** Base currencies offered when creating an organisation; amounts are reported in this currency. */
export const BASE_CURRENCIES = [
  { value: 'USD', label: 'USD: US dollar' },
  { value: 'EUR', label: 'EUR: Euro' },
  { value: 'GBP', label: 'GBP: Pound sterling' },
  { value: 'CAD', label: 'CAD: Canadian dollar' },
  { value: 'AUD', label: 'AUD: Australian dollar' },
  { value: 'NZD', label: 'NZD: New Zealand dollar' },
  { value: 'JPY', label: 'JPY: Japanese yen' },
  { value: 'CHF', label: 'CHF: Swiss franc' },
  { value: 'SEK', label: 'SEK: Swedish krona' },
  { value: 'NOK', label: 'NOK: Norwegian krone' },
  { value: 'DKK', label: 'DKK: Danish krone' },
  { value: 'SGD', label: 'SGD: Singapore dollar' },
  { value: 'HKD', label: 'HKD: Hong Kong dollar' },
  { value: 'INR', label: 'INR: Indian rupee' },
  { value: 'ZAR', label: 'ZAR: South African rand' },
  { value: 'MXN', label: 'MXN: Mexican peso' },
  { value: 'BRL', label: 'BRL: Brazilian real' },
] as const;

/** A sensible default from the browser's region; USD when it says nothing we offer. */
export function defaultCurrency(locale: string = navigator.language): string {
  const region = locale.split('-')[1]?.toUpperCase();
  const byRegion: Record<string, string> = {
    GB: 'GBP',
    CA: 'CAD',
    AU: 'AUD',
    NZ: 'NZD',
    JP: 'JPY',
    CH: 'CHF',
    SE: 'SEK',
    NO: 'NOK',
    DK: 'DKK',
    SG: 'SGD',
    HK: 'HKD',
    IN: 'INR',
    ZA: 'ZAR',
    MX: 'MXN',
    BR: 'BRL',
    DE: 'EUR',
    FR: 'EUR',
    ES: 'EUR',
    IT: 'EUR',
    NL: 'EUR',
    IE: 'EUR',
    BE: 'EUR',
    AT: 'EUR',
    PT: 'EUR',
    FI: 'EUR',
  };
  return (region && byRegion[region]) || 'USD';
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainImportRow, ZImportRow } from './imports.ts';

const row = (overrides: Record<string, string> = {}) => ({
  date: '2024-03-15',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: ' Ada@Example.org ',
  amount: '25.00',
  currency: 'usd',
  ...overrides,
});

const errorsOf = (input: Record<string, string>) => {
  const parsed = ZImportRow.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('ZImportRow', () => {
  it('reads the amount in major units into exact minor units of the row currency', () => {
    expect(ZImportRow.parse(row())).toMatchObject({ amount_minor: 2500, currency: 'USD', email: 'ada@example.org' });
    expect(ZImportRow.parse(row({ amount: '5000', currency: 'JPY' })).amount_minor).toBe(5000);
    expect(ZImportRow.parse(row({ amount: '1,234.56', currency: 'EUR' })).amount_minor).toBe(123456);
    expect(ZImportRow.parse(row({ amount: '0.10' })).amount_minor).toBe(10);
    expect(ZImportRow.parse(row({ amount: '19.99' })).amount_minor).toBe(1999);
  });

  it('keeps the optional columns, empty as null, and the payment method in lower case', () => {
    expect(ZImportRow.parse(row({ payment_method: 'Cheque', reference: 'CHQ-1', campaign_url: '' }))).toMatchObject({
      payment_method: 'cheque',
      reference: 'CHQ-1',
      campaign_url: null,
    });
  });

  it('names the column and the problem of each bad cell', () => {
    expect(errorsOf(row({ amount: '12.345' }))).toEqual(['amount: USD amounts have at most 2 decimals.']);
    expect(errorsOf(row({ amount: '12.5', currency: 'JPY' }))).toEqual(['amount: JPY amounts are whole numbers.']);
    expect(errorsOf(row({ amount: '0' }))).toEqual(['amount: must be more than zero.']);
    expect(errorsOf(row({ amount: '-5' }))).toEqual(['amount: The amount cannot be negative.']);
    expect(errorsOf(row({ date: '2024-02-30' }))).toEqual(['date: not a real date.']);
    expect(errorsOf(row({ date: '15/03/2024' }))).toEqual(['date: write it as YYYY-MM-DD.']);
    expect(errorsOf(row({ date: '2999-01-01' }))).toEqual(['date: cannot be in the future.']);
    expect(errorsOf(row({ currency: 'XXX' }))).toEqual(['currency: not a supported currency code.']);
    expect(errorsOf(row({ payment_method: 'card' }))).toEqual([
      'payment_method: one of cash, cheque, bank_transfer, in_kind.',
    ]);
    const { email: _missing, ...noEmail } = row();
    expect(errorsOf(noEmail)).toEqual(['email: required.']);
  });
});

describe('an imported gift dated today', () => {
  afterEach(() => vi.useRealTimers());

  it('is not refused as future while that day has begun somewhere', () => {
    // 11:00 UTC on 14 February: already 15 February in Auckland and Kiritimati, not yet the 16th.
    vi.useFakeTimers({ now: new Date('2031-02-14T11:00:00Z'), toFake: ['Date'] });
    expect(errorsOf(row({ date: '2031-02-15' }))).toEqual([]);
    expect(errorsOf(row({ date: '2031-02-16' }))).toEqual(['date: cannot be in the future.']);
  });
});

describe('plainImportRow', () => {
  // Cells that are fine, and cells each of which ZImportRow refuses or reads specially.
  const variants: Record<string, (string | undefined)[]> = {
    date: ['2024-03-15', ' 2024-03-15 ', '2024-02-30', '15/03/2024', '2999-01-01', '', undefined],
    first_name: ['Ada', '  Ada ', '', ' ', 'x'.repeat(100), 'x'.repeat(101), undefined],
    last_name: ['Lovelace', '', ' L ', 'y'.repeat(101), undefined],
    email: [' Ada@Example.org ', 'ada@example', 'ada@@example.org', `${'a'.repeat(250)}@x.org`, '', undefined],
    amount: ['25.00', ' 5000 ', '1,234.56', '12.345', '0', '-5', 'abc', '', undefined],
    currency: ['usd', ' JPY ', 'EUR', 'XXX', '', undefined],
    campaign_url: ['', ' spring ', 'z'.repeat(201), undefined],
    payment_method: ['', 'Cheque', ' bank_transfer ', 'card', undefined],
    reference: ['', 'CHQ-1', 'r'.repeat(201), undefined],
  };
  const base = Object.fromEntries(Object.entries(variants).map(([k, v]) => [k, v[0]]));

  it('gives what ZImportRow gives for every plainly valid row, and leaves every other row to it', () => {
    let plain = 0;
    for (const [column, values] of Object.entries(variants)) {
      for (const value of values) {
        // Each variant alone, and with the amount in a zero-decimal currency.
        for (const extra of [{}, { currency: 'JPY', amount: '5000' }]) {
          const cells = { ...base, ...extra, [column]: value };
          const fast = plainImportRow(cells);
          const parsed = ZImportRow.safeParse(cells);
          if (fast) {
            plain += 1;
            expect(parsed.success, JSON.stringify(cells)).toBe(true);
            expect(fast).toEqual(parsed.data);
          }
        }
      }
    }
    expect(plain).toBeGreaterThan(20);
  });

  it('refuses nothing itself: a row with a problem is left to ZImportRow', () => {
    expect(plainImportRow({ ...base, amount: '12.345' })).toBeUndefined();
    expect(plainImportRow({ ...base, email: 'nope' })).toBeUndefined();
    expect(plainImportRow({ ...base, date: '2024-02-30' })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { houseOf, type ScheduleGift, scheduleCsv, scheduleLines, splitName } from './gift-aid-schedule.ts';

const gift = (o: Partial<ScheduleGift>): ScheduleGift => ({
  declaredName: 'Jane Smith',
  address: '12 Mill Lane, Leeds',
  postcode: 'ls1 4ap',
  date: '2025-02-03',
  amountMinor: 5000,
  ...o,
});

describe('the HMRC Gift Aid schedule', () => {
  it('splits the declared name: title of at most 4 letters, a hyphenated surname with a space', () => {
    expect(splitName('Dr Amara Okafor-Jones')).toEqual({ title: 'Dr', firstName: 'Amara', lastName: 'Okafor Jones' });
    expect(splitName('Mr. John Paul Jones')).toEqual({ title: 'Mr', firstName: 'John Paul', lastName: 'Jones' });
    expect(splitName('Dame Judi Dench')).toEqual({ title: 'Dame', firstName: 'Judi', lastName: 'Dench' });
    // A lone surname after a title-like word is a name, not a title.
    expect(splitName('Rev Smith')).toEqual({ title: '', firstName: 'Rev', lastName: 'Smith' });
  });

  it('takes the house number, or the house name, from the home address', () => {
    expect(houseOf('12 Mill Lane, Leeds')).toBe('12');
    expect(houseOf('12a, Mill Lane')).toBe('12a');
    expect(houseOf('Rose Cottage, Church Street')).toBe('Rose Cottage');
    expect(houseOf('Flat 3, 4 High Street')).toBe('Flat 3');
  });

  it('writes one line per gift: postcode in capitals with a space, DD/MM/YY, two decimals, blanks not n/a', () => {
    const [line] = scheduleLines([gift({ declaredName: 'Mrs Jane Smith-Jones' })], false);
    expect(line).toEqual({
      title: 'Mrs',
      firstName: 'Jane',
      lastName: 'Smith Jones',
      house: '12',
      postcode: 'LS1 4AP',
      aggregated: '',
      sponsored: '',
      date: '03/02/25',
      amount: '50.00',
    });
    const csv = scheduleCsv(scheduleLines([gift({})], false))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(csv[1]).toBe('1,,Jane,Smith,12,LS1 4AP,,,03/02/25,50.00');
  });

  it('aggregates gifts of £20 or less on lines of at most £1,000 dated with their latest gift', () => {
    const small = Array.from({ length: 60 }, (_, i) =>
      gift({ amountMinor: 2000, date: `2025-03-${String((i % 28) + 1).padStart(2, '0')}` }),
    );
    const lines = scheduleLines([gift({ amountMinor: 2001 }), ...small], true);
    expect(lines[0]?.amount).toBe('20.01');
    const grouped = lines.slice(1);
    expect(grouped.map((l) => l.amount)).toEqual(['1000.00', '200.00']);
    expect(grouped[0]).toMatchObject({ firstName: '', lastName: '', house: '', postcode: '' });
    expect(grouped[0]?.aggregated).toBe('50 donations of £20 or less');
    expect(grouped[1]?.date).toBe('28/03/25');
    // Without aggregation every gift keeps its own line.
    expect(scheduleLines(small, false)).toHaveLength(60);
  });
});

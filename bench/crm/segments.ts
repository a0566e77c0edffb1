// The benchmark's three-rule segments (decision 042 and 068): shared by run.ts and explain.ts.

/** [name, rules] of each measured segment count; the period rule's year ends today. */
export function benchSegments(now = new Date()): Array<[string, unknown]> {
  const year = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
  return [
    [
      'count: last gift < 2 y, lifetime >= $100, tag',
      {
        match: 'all',
        rules: [
          { field: 'gift_date', name: 'last_gift', operator: 'in_last_days', value: 730 },
          { field: 'amount', name: 'lifetime_total', operator: 'at_least', value: 10_000 },
          { field: 'tag', operator: 'has', value: 'gala' },
        ],
      },
    ],
    [
      'count: LYBUNT or SYBUNT, 2+ gifts, type',
      {
        match: 'all',
        rules: [
          {
            match: 'any',
            rules: [
              { field: 'retention', operator: 'is', value: 'lybunt' },
              { field: 'retention', operator: 'is', value: 'sybunt' },
            ],
          },
          { field: 'gift_count', operator: 'at_least', value: 2 },
          { field: 'contact_type', operator: 'is', value: 'prospect' },
        ],
      },
    ],
    [
      'count: active plan, 3+ gifts, lifetime >= $500',
      {
        match: 'all',
        rules: [
          { field: 'recurring', operator: 'is', value: 'active' },
          { field: 'gift_count', operator: 'at_least', value: 3 },
          { field: 'amount', name: 'lifetime_total', operator: 'at_least', value: 50_000 },
        ],
      },
    ],
    [
      'count: gave >= $50 in the last year, tag, 2+ gifts',
      {
        match: 'all',
        rules: [
          {
            field: 'giving_in_period',
            from: year,
            to: now.toISOString().slice(0, 10),
            measure: 'total',
            operator: 'at_least',
            value: 5_000,
          },
          { field: 'tag', operator: 'has', value: 'newsletter' },
          { field: 'gift_count', operator: 'at_least', value: 2 },
        ],
      },
    ],
    [
      'count: gave >= $50 in the last year (alone)',
      {
        match: 'all',
        rules: [
          {
            field: 'giving_in_period',
            from: year,
            to: now.toISOString().slice(0, 10),
            measure: 'total',
            operator: 'at_least',
            value: 5_000,
          },
        ],
      },
    ],
  ];
}

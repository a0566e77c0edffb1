import { describe, expect, it } from 'vitest';
import { auc, type ChurnExample, trainChurnModel } from './churn-model.ts';

// A seeded generator, so the test is the same on every run.
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Donors whose stopping depends on recency and, as strongly, on failing and expiring cards. */
function generated(count: number, seed = 7): ChurnExample[] {
  const rand = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const recencyDays = Math.floor(rand() * 400);
    const failed365 = rand() < 0.25 ? 1 + Math.floor(rand() * 3) : 0;
    const cardExpiring = rand() < 0.2 ? 1 : 0;
    const recurring = rand() < 0.4 ? 1 : 0;
    const logit = -2 + (recencyDays / 400) * 1.5 + failed365 * 1.3 + cardExpiring * 2 - recurring * 0.8;
    return {
      donorId: i + 1,
      recencyDays,
      gifts365: 1 + Math.floor(rand() * 12),
      avgAmount: 10 + rand() * 200,
      tenureDays: recencyDays + Math.floor(rand() * 900),
      meanIntervalDays: 30 + rand() * 200,
      failed365,
      cardExpiring,
      recurring,
      churned: rand() < 1 / (1 + Math.exp(-logit)),
    };
  });
}

describe('the churn model', () => {
  it('ranks donors who stop better than days since the last gift alone, on held-out donors', () => {
    const model = trainChurnModel(generated(3000));
    expect(model.method).toBe('logistic_regression');
    expect(model.heldOut).toBeGreaterThan(600);
    expect(model.auc).not.toBeNull();
    expect(model.recencyAuc).not.toBeNull();
    expect(model.auc as number).toBeGreaterThan((model.recencyAuc as number) + 0.05);
    expect(model.auc as number).toBeGreaterThan(0.7);
  });

  it('falls back to the stated rules, and says so, with too little history', () => {
    const model = trainChurnModel(generated(120));
    expect(model.method).toBe('rules');
    expect(model.auc).toBeNull();
    expect(model.note).toMatch(/Too little history/);
    const overdue = model.score({
      recencyDays: 400,
      gifts365: 1,
      avgAmount: 20,
      tenureDays: 800,
      meanIntervalDays: 30,
      failed365: 2,
      cardExpiring: 1,
      recurring: 1,
    });
    const fresh = model.score({
      recencyDays: 5,
      gifts365: 12,
      avgAmount: 20,
      tenureDays: 800,
      meanIntervalDays: 30,
      failed365: 0,
      cardExpiring: 0,
      recurring: 1,
    });
    expect(overdue).toBeGreaterThan(fresh);
  });

  it('computes AUC by ranks', () => {
    expect(auc([0.1, 0.4, 0.35, 0.8], [false, false, true, true])).toBe(0.75);
    expect(auc([1, 2], [true, true])).toBeNull();
  });
});

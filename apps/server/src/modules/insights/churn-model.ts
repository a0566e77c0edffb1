// The churn model of docs/product/insights.md#churn (decision 076): a logistic regression from mljs
// trained on the organisation's own donors, judged on held-out donors against a recency-only rule.
import LogisticRegression from 'ml-logistic-regression';
import { Matrix } from 'ml-matrix';

/** What is known of one donor at a cut-off day. */
export type DonorFeatures = {
  recencyDays: number;
  gifts365: number;
  avgAmount: number;
  tenureDays: number;
  meanIntervalDays: number;
  failed365: number;
  cardExpiring: number;
  recurring: number;
};
export type ChurnExample = DonorFeatures & { donorId: number; churned: boolean };

export const CHURN_FEATURES: (keyof DonorFeatures)[] = [
  'recencyDays',
  'gifts365',
  'avgAmount',
  'tenureDays',
  'meanIntervalDays',
  'failed365',
  'cardExpiring',
  'recurring',
];
/** Below these the model is not trained: the stated rules decide (docs/product/insights.md#churn). */
export const MIN_TRAINING_DONORS = 200;
export const MIN_CLASS_DONORS = 20;

export type ChurnScorer = {
  method: 'logistic_regression' | 'rules';
  auc: number | null;
  recencyAuc: number | null;
  trainedOn: number;
  heldOut: number;
  note: string;
  /** Probability (0–1) that the donor gives nothing in the next 180 days. */
  score: (donor: DonorFeatures) => number;
};

const transform = (d: DonorFeatures): number[] => [
  Math.log1p(d.recencyDays),
  Math.log1p(d.gifts365),
  Math.log1p(d.avgAmount),
  Math.log1p(d.tenureDays),
  Math.log1p(d.meanIntervalDays),
  Math.min(d.failed365, 6),
  d.cardExpiring,
  d.recurring,
];

/** Area under the ROC curve by ranks (Mann–Whitney), ties averaged. */
export function auc(scores: number[], labels: boolean[]): number | null {
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(scores.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.[0] === order[i]?.[0]) j++;
    for (let k = i; k <= j; k++) ranks[order[k]?.[1] ?? 0] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const pos = labels.filter(Boolean).length;
  const neg = labels.length - pos;
  if (pos === 0 || neg === 0) return null;
  const rankSum = labels.reduce((sum, l, i) => (l ? sum + (ranks[i] ?? 0) : sum), 0);
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** The stated rule with too little history: overdue against the donor's own rhythm, and failing cards. */
export function ruleScore(d: DonorFeatures): number {
  const usual = d.meanIntervalDays > 0 ? d.meanIntervalDays : 365;
  const overdue = Math.min(d.recencyDays / (usual * 2), 1);
  const risk = 0.6 * overdue + 0.15 * Math.min(d.failed365, 2) + 0.1 * d.cardExpiring;
  return Math.max(0, Math.min(1, risk));
}

/** A stable split: a donor is held out when a hash of its id falls in the last 30 %. */
const heldOut = (donorId: number) => ((donorId * 2654435761) >>> 0) % 10 >= 7;

export function trainChurnModel(examples: ChurnExample[]): ChurnScorer {
  const churned = examples.filter((e) => e.churned).length;
  if (
    examples.length < MIN_TRAINING_DONORS ||
    churned < MIN_CLASS_DONORS ||
    examples.length - churned < MIN_CLASS_DONORS
  ) {
    return {
      method: 'rules',
      auc: null,
      recencyAuc: null,
      trainedOn: 0,
      heldOut: 0,
      note: `Too little history to train a model (${examples.length} donors with a gift before the cut-off, ${MIN_TRAINING_DONORS} needed, at least ${MIN_CLASS_DONORS} who stopped and ${MIN_CLASS_DONORS} who kept giving). Risk follows stated rules: days since the last gift against twice the donor's usual interval, plus failed charges and a card about to expire.`,
      score: ruleScore,
    };
  }
  const train = examples.filter((e) => !heldOut(e.donorId));
  const test = examples.filter((e) => heldOut(e.donorId));
  const raw = train.map(transform);
  const at = (list: number[], j: number) => list[j] ?? 0;
  const means = CHURN_FEATURES.map((_, j) => raw.reduce((s, r) => s + at(r, j), 0) / raw.length);
  const sds = CHURN_FEATURES.map(
    (_, j) => Math.sqrt(raw.reduce((s, r) => s + (at(r, j) - at(means, j)) ** 2, 0) / raw.length) || 1,
  );
  const row = (d: DonorFeatures) => [1, ...transform(d).map((v, j) => (v - at(means, j)) / at(sds, j))];
  const model = new LogisticRegression({ numSteps: 400, learningRate: 2 / train.length });
  model.train(new Matrix(train.map(row)), Matrix.columnVector(train.map((e) => (e.churned ? 1 : 0))));
  // One-vs-all: the first classifier scores "not class 0", that is, churned.
  const classifier = model.classifiers[0];
  if (!classifier) throw new Error('the churn model trained no classifier');
  const score = (d: DonorFeatures) => classifier.testScores(new Matrix([row(d)]))[0] ?? 0;
  const labels = test.map((e) => e.churned);
  const modelAuc = auc(classifier.testScores(new Matrix(test.map(row))), labels);
  const recencyAuc = auc(
    test.map((e) => e.recencyDays),
    labels,
  );
  return {
    method: 'logistic_regression',
    auc: modelAuc,
    recencyAuc,
    trainedOn: train.length,
    heldOut: test.length,
    note: `Logistic regression on ${train.length} of your donors, checked on ${test.length} held out: does a donor give again within 180 days?`,
    score,
  };
}

// The library ships no types; this declares the part the churn model uses (decision 076).
declare module 'ml-logistic-regression' {
  import type { Matrix } from 'ml-matrix';
  export default class LogisticRegression {
    constructor(options?: { numSteps?: number; learningRate?: number });
    classifiers: { testScores(features: Matrix): number[] }[];
    train(features: Matrix, labels: Matrix): void;
    predict(features: Matrix): number[];
  }
}

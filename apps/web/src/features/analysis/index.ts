// What other features use of this one: import it from here, never from the feature's files.
export { analysisQueries } from './api/analysis.queries.ts';
export { ChartCard, cardState } from './components/ChartCard.tsx';
export { bucketLabel, CHART_COLORS, majorFormatter, methodName, toMajor } from './components/chart-format.ts';

import type { TChurnModelQuality } from '@kindling/contracts';
import { Alert, Text } from '@mantine/core';

/** How good the churn model is on held-out donors, or that it fell back to rules (docs/product/insights.md#churn). */
export function ChurnModelNote({ model }: { model: TChurnModelQuality | null }) {
  if (!model) return null;
  if (model.method === 'rules') {
    return (
      <Alert color="yellow" title="Churn risk follows stated rules">
        <Text size="sm">{model.note}</Text>
      </Alert>
    );
  }
  const lift = model.lift ?? 0;
  return (
    <Alert color="blue" title={`Churn model: AUC ${model.auc?.toFixed(2)} on ${model.held_out} held-out donors`}>
      <Text size="sm">
        Days since the last gift alone scores AUC {model.recency_auc?.toFixed(2)}; the model is{' '}
        {lift >= 0 ? `${lift.toFixed(2)} better` : `${Math.abs(lift).toFixed(2)} worse`}. {model.note}
      </Text>
    </Alert>
  );
}

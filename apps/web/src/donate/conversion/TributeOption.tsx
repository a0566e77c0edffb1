// The tribute box of step 1 (docs/decisions/037-conversion-features.md), on campaigns that offer
// tribute gifts; the details load when it is ticked.
import { lazy, Suspense } from 'react';
import { EMPTY_TRIBUTE, type TributeDraft, type TributeErrors } from './tribute.ts';

const TributeFields = lazy(() => import('./TributeFields.tsx'));

type Props = { value: TributeDraft | null; errors: TributeErrors; onChange: (next: TributeDraft | null) => void };

export function TributeOption({ value, errors, onChange }: Props) {
  return (
    <div className="kd-tribute-option">
      <label className="kd-check">
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(event) => onChange(event.currentTarget.checked ? EMPTY_TRIBUTE : null)}
        />
        <span>Give in honour or in memory of someone</span>
      </label>
      {value && (
        <Suspense fallback={<p className="kd-working">Loading…</p>}>
          <TributeFields value={value} errors={errors} onChange={onChange} />
        </Suspense>
      )}
    </div>
  );
}

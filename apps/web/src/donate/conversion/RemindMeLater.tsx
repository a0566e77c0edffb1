// The link under step 1 for a donor who is not ready yet; the form loads when it is opened.
import { lazy, Suspense, useState } from 'react';

const RemindForm = lazy(() => import('./RemindForm.tsx'));

export function RemindMeLater({ campaignId }: { campaignId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="kd-remind-later">
      <button type="button" className="kd-link" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Not ready yet? Remind me later
      </button>
      {open && (
        <Suspense fallback={<p className="kd-working">Loading…</p>}>
          <RemindForm campaignId={campaignId} />
        </Suspense>
      )}
    </div>
  );
}

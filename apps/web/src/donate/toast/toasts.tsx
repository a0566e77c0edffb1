// The public form's toasts (docs/product/donation-form.md#messages): short confirmations, top-right,
// closed after 5 s or by their button. Errors stay in the banner at the top of the form. One polite
// live region announces them; no library, so the page's first load stays within its budget.
import { DONATION_CONSTANTS } from '@kindling/contracts/donation-constants.ts';
import { useEffect, useState } from 'react';
import './toasts.css';

type Toast = { id: number; message: string };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<(list: Toast[]) => void>();
const publish = () => {
  for (const listener of listeners) listener(toasts);
};

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  publish();
}

/** Shows `message` top-right for DONATION_CONSTANTS.toastMs. */
export function showToast(message: string): void {
  const id = nextId++;
  toasts = [...toasts, { id, message }];
  publish();
  setTimeout(() => dismissToast(id), DONATION_CONSTANTS.toastMs);
}

/** The region the toasts appear in; rendered once by the page. */
export function Toasts() {
  const [list, setList] = useState(toasts);
  useEffect(() => {
    listeners.add(setList);
    setList(toasts);
    return () => {
      listeners.delete(setList);
    };
  }, []);
  return (
    <div className="kd-toasts" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className="kd-toast">
          <span>{t.message}</span>
          <button type="button" className="kd-toast-close" aria-label="Close" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

// A dialog over the page: labelled by its title, closed by its button or Escape; focus moves
// into it when it opens and back to what opened it when it closes.
import { type ReactNode, useEffect, useRef } from 'react';

type Props = { title: string; subtitle?: ReactNode; onClose: () => void; children: ReactNode };

export function Modal({ title, subtitle, onClose, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, []);
  return (
    <div className="cf-backdrop">
      <div
        className="cf-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="cf-modal-title"
        tabIndex={-1}
        ref={box}
      >
        <div className="cf-modal-head">
          <div>
            <h2 id="cf-modal-title">{title}</h2>
            {subtitle && <p className="cf-muted">{subtitle}</p>}
          </div>
          <button type="button" className="cf-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

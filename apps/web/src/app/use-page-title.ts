import { useEffect } from 'react';

/** Sets the document title for the current screen ("Sign in · Kindling"). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Kindling` : 'Kindling';
  }, [title]);
}

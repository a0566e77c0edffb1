import { CONSTANTS } from '@kindling/contracts';
import { type TouchEvent, useEffect, useRef } from 'react';

/** A rightward move this long (px) from the edge counts as an intent to open, not a stray tap. */
const OPEN_SWIPE_PX = 24;

/**
 * Opens the mobile drawer when a touch starts within 30 px of the left edge and moves right
 * (docs/product/shell.md#sidebar). Listens on the document so it works over any page content.
 */
export function useEdgeSwipeToOpen(enabled: boolean, onOpen: () => void): void {
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;

  useEffect(() => {
    if (!enabled) return;
    let startX: number | null = null;
    const onStart = (event: globalThis.TouchEvent) => {
      const touch = event.touches[0];
      startX = touch && touch.clientX < CONSTANTS.drawerEdgePx ? touch.clientX : null;
    };
    const onMove = (event: globalThis.TouchEvent) => {
      const touch = event.touches[0];
      if (startX === null || !touch) return;
      if (touch.clientX - startX > OPEN_SWIPE_PX) {
        startX = null;
        onOpenRef.current();
      }
    };
    const onEnd = () => {
      startX = null;
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchmove', onMove, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    document.addEventListener('touchcancel', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchmove', onMove);
      document.removeEventListener('touchend', onEnd);
      document.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled]);
}

/** Touch handlers for the open drawer: dragging left more than 100 px closes it (docs/product/shell.md#sidebar). */
export function useDragToClose(onClose: () => void) {
  const startX = useRef<number | null>(null);
  return {
    onTouchStart: (event: TouchEvent) => {
      startX.current = event.touches[0]?.clientX ?? null;
    },
    onTouchMove: (event: TouchEvent) => {
      const x = event.touches[0]?.clientX;
      if (startX.current === null || x === undefined) return;
      if (startX.current - x > CONSTANTS.drawerCloseDragPx) {
        startX.current = null;
        onClose();
      }
    },
    onTouchEnd: () => {
      startX.current = null;
    },
  };
}

import { ASSISTANT_SIZE } from '@kindling/contracts';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

// The floating assistant's place and size (spec 01 §4, §9): dragged by its handle, resized from its
// corner (never under 320 × 300), by pointer or by the arrow keys, and kept inside the window.

export type Frame = { x: number; y: number; width: number; height: number };
const MARGIN = 8;
const KEY_STEP = 16;
/** Room kept under the panel for the floating button. */
const BUTTON_ROOM = 84;

const viewport = () => ({ w: window.innerWidth, h: window.innerHeight });

export function clampFrame(f: Frame): Frame {
  const { w, h } = viewport();
  const width = Math.max(ASSISTANT_SIZE.minWidth, Math.min(f.width, w - 2 * MARGIN));
  const height = Math.max(ASSISTANT_SIZE.minHeight, Math.min(f.height, h - 2 * MARGIN));
  return {
    width,
    height,
    x: Math.max(MARGIN, Math.min(f.x, w - width - MARGIN)),
    y: Math.max(MARGIN, Math.min(f.y, h - height - MARGIN)),
  };
}

export function defaultFrame(): Frame {
  const { w, h } = viewport();
  const width = ASSISTANT_SIZE.width;
  const height = ASSISTANT_SIZE.height;
  return clampFrame({ width, height, x: w - width - 20, y: h - height - BUTTON_ROOM });
}

type Gesture = { kind: 'move' | 'resize'; startX: number; startY: number; from: Frame };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function usePanelFrame() {
  const [frame, setFrame] = useState<Frame>(defaultFrame);
  const gesture = useRef<Gesture | null>(null);

  useEffect(() => {
    const onMove = (e: globalThis.PointerEvent | MouseEvent) => {
      const g = gesture.current;
      if (!g) return;
      const dx = e.clientX - g.startX;
      const dy = e.clientY - g.startY;
      setFrame(
        clampFrame(
          g.kind === 'move'
            ? { ...g.from, x: g.from.x + dx, y: g.from.y + dy }
            : { ...g.from, width: g.from.width + dx, height: g.from.height + dy },
        ),
      );
    };
    const onUp = () => {
      gesture.current = null;
    };
    const onResize = () => setFrame((f) => clampFrame(f));
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const start = useCallback(
    (kind: Gesture['kind']) => (e: PointerEvent) => {
      e.preventDefault();
      setFrame((from) => {
        gesture.current = { kind, startX: e.clientX, startY: e.clientY, from };
        return from;
      });
    },
    [],
  );
  const keys = useCallback(
    (kind: Gesture['kind']) => (e: KeyboardEvent) => {
      const arrow = ARROWS[e.key];
      if (!arrow) return;
      e.preventDefault();
      const [dx, dy] = [arrow[0] * KEY_STEP, arrow[1] * KEY_STEP];
      setFrame((f) =>
        clampFrame(
          kind === 'move' ? { ...f, x: f.x + dx, y: f.y + dy } : { ...f, width: f.width + dx, height: f.height + dy },
        ),
      );
    },
    [],
  );
  return {
    frame,
    moveHandle: { onPointerDown: start('move'), onKeyDown: keys('move') },
    resizeHandle: { onPointerDown: start('resize'), onKeyDown: keys('resize') },
  };
}

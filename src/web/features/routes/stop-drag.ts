import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';

// Drag to change (decision 1270): a stop's grip follows the pointer — mouse, finger or pen alike, through Pointer
// Events (HTML5 drag events never fire from touch in iOS Safari before 15 and not from a finger in most Android
// browsers) — and drops before the stop under it, in its own technician's list or another's. The grip has
// `touch-action: none`, so a finger on it drags instead of scrolling; the rest of the card scrolls as usual.

export interface DropTarget {
  technicianId: string;
  /** Position in the target list, the dragged stop left out. */
  index: number;
}

interface Dragging {
  bookingId: string;
  pointerId: number;
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  target: DropTarget | null;
}

/** Moves under this many pixels are a tap, not a drag. */
const SLOP = 6;
/** Near the top or bottom of the window the page scrolls by this much per move, for lists longer than a screen. */
const EDGE = 56;

function targetAt(x: number, y: number, bookingId: string): DropTarget | null {
  const under = document.elementsFromPoint(x, y);
  const list = under.find((el) => el instanceof HTMLElement && el.dataset.dropTechnician) as
    | HTMLElement
    | undefined;
  if (!list) return null;
  const items = [...list.querySelectorAll<HTMLElement>('[data-stop-id]')].filter(
    (el) => el.dataset.stopId !== bookingId,
  );
  let index = 0;
  for (const item of items) {
    const box = item.getBoundingClientRect();
    if (y > box.top + box.height / 2) index++;
  }
  return { technicianId: list.dataset.dropTechnician!, index };
}

export function useStopDrag(onDrop: (bookingId: string, target: DropTarget) => void) {
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const live = useRef<Dragging | null>(null);
  const update = (next: Dragging | null) => {
    live.current = next;
    setDragging(next);
  };

  const handleProps = (bookingId: string) => ({
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0 || live.current) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      update({ bookingId, pointerId: e.pointerId, x0: e.clientX, y0: e.clientY, dx: 0, dy: 0, target: null });
    },
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
      const d = live.current;
      if (!d || d.pointerId !== e.pointerId) return;
      if (e.clientY < EDGE) window.scrollBy(0, -12);
      else if (e.clientY > window.innerHeight - EDGE) window.scrollBy(0, 12);
      const dx = e.clientX - d.x0;
      const dy = e.clientY - d.y0;
      const moved = Math.hypot(dx, dy) >= SLOP;
      update({ ...d, dx, dy, target: moved ? targetAt(e.clientX, e.clientY, bookingId) : null });
    },
    onPointerUp: (e: ReactPointerEvent<HTMLElement>) => {
      const d = live.current;
      if (!d || d.pointerId !== e.pointerId) return;
      update(null);
      if (d.target) onDrop(d.bookingId, d.target);
    },
    onPointerCancel: () => update(null),
    onLostPointerCapture: () => {
      if (live.current) update(null);
    },
    style: { touchAction: 'none' as const },
  });

  return { dragging, handleProps };
}

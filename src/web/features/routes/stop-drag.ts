import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';

// Drag to change (decision 1270): a stop's grip follows the pointer — mouse, finger or pen alike, through Pointer
// Events (HTML5 drag events never fire from touch in iOS Safari before 15 and not from a finger in most Android
// browsers) — and drops before the stop under it, in its own technician's list, another's, or on "Unassigned". The
// grip has `touch-action: none`, so a finger on it drags instead of scrolling; the rest of the card scrolls as usual.
// Held near an edge of the window (or of a list that scrolls on its own), the page keeps scrolling, faster the closer
// the pointer is, and the stop stays under the pointer.

export interface DropTarget {
  /** A technician's id, or UNASSIGNED. */
  technicianId: string;
  /** Position in the target list, the dragged stop left out (-1: where its booked time falls). */
  index: number;
}

/** The drop target that takes a job off every route. */
export const UNASSIGNED = 'unassigned';

interface Dragging {
  bookingId: string;
  pointerId: number;
  x: number;
  y: number;
  x0: number;
  y0: number;
  /** The page's scroll when the drag began: the stop moves with the page, so the scroll is added back. */
  scrollX0: number;
  scrollY0: number;
  dx: number;
  dy: number;
  target: DropTarget | null;
}

/** Moves under this many pixels are a tap, not a drag. */
const SLOP = 6;
/** Within this many pixels of an edge the page (or the list under the pointer) scrolls while dragging. */
export const EDGE = 64;
/** Pixels per frame at the very edge; proportionally less further in. */
const MAX_SPEED = 18;

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

/** How fast to scroll for a pointer at `pos` in a span from `start` to `end` (negative: towards the start). */
export function edgeSpeed(pos: number, start: number, end: number): number {
  const edge = Math.min(EDGE, (end - start) / 4);
  if (pos < start + edge) return -Math.ceil(MAX_SPEED * Math.min(1, (start + edge - pos) / edge));
  if (pos > end - edge) return Math.ceil(MAX_SPEED * Math.min(1, (pos - (end - edge)) / edge));
  return 0;
}

/** The nearest element under the pointer that scrolls vertically on its own (a long list), if any. */
function scrollingAncestor(x: number, y: number): HTMLElement | null {
  let el = document.elementFromPoint(x, y) as HTMLElement | null;
  while (el && el !== document.body && el !== document.documentElement) {
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight) return el;
    el = el.parentElement;
  }
  return null;
}

/** Scrolls the list under the pointer, else the window, when the pointer is near an edge; true when it moved. */
function autoScroll(x: number, y: number): boolean {
  const lane = scrollingAncestor(x, y);
  if (lane) {
    const box = lane.getBoundingClientRect();
    const speed = edgeSpeed(y, box.top, box.bottom);
    const before = lane.scrollTop;
    if (speed) lane.scrollTop += speed;
    if (lane.scrollTop !== before) return true;
  }
  const speed = edgeSpeed(y, 0, window.innerHeight);
  if (!speed) return false;
  const before = window.scrollY;
  window.scrollBy(0, speed);
  return window.scrollY !== before;
}

export function useStopDrag(onDrop: (bookingId: string, target: DropTarget) => void) {
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const live = useRef<Dragging | null>(null);
  const frame = useRef<number | null>(null);
  const update = (next: Dragging | null) => {
    live.current = next;
    setDragging(next);
  };
  /** Where the stop is drawn and what it would land on, for the pointer at (x, y) and the page as scrolled now. */
  const follow = (d: Dragging, x: number, y: number): Dragging => {
    const dx = x - d.x0 + (window.scrollX - d.scrollX0);
    const dy = y - d.y0 + (window.scrollY - d.scrollY0);
    const moved = Math.hypot(x - d.x0, y - d.y0) >= SLOP || dy !== y - d.y0;
    return { ...d, x, y, dx, dy, target: moved ? targetAt(x, y, d.bookingId) : null };
  };
  // While a drag is on, each frame scrolls when the pointer rests near an edge (a pointer that does not move sends
  // no events) and keeps the stop under it.
  const tick = () => {
    frame.current = null;
    const d = live.current;
    if (!d) return;
    if (autoScroll(d.x, d.y)) update(follow(d, d.x, d.y));
    frame.current = requestAnimationFrame(tick);
  };
  const stop = () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    update(null);
  };
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const handleProps = (bookingId: string) => ({
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0 || live.current) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      update({
        bookingId,
        pointerId: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        x0: e.clientX,
        y0: e.clientY,
        scrollX0: window.scrollX,
        scrollY0: window.scrollY,
        dx: 0,
        dy: 0,
        target: null,
      });
      frame.current ??= requestAnimationFrame(tick);
    },
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
      const d = live.current;
      if (!d || d.pointerId !== e.pointerId) return;
      update(follow(d, e.clientX, e.clientY));
    },
    onPointerUp: (e: ReactPointerEvent<HTMLElement>) => {
      const d = live.current;
      if (!d || d.pointerId !== e.pointerId) return;
      stop();
      if (d.target) onDrop(d.bookingId, d.target);
    },
    onPointerCancel: stop,
    onLostPointerCapture: () => {
      if (live.current) stop();
    },
    style: { touchAction: 'none' as const },
  });

  return { dragging, handleProps };
}

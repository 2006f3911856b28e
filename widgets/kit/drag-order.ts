import { useRef, useState, type DragEvent } from 'react';

/** `ids` with the one at `from` moved to `to` (the others keep their order). */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/**
 * Drag-and-drop reordering of one list with the browser's own drag events (no
 * library: none is installed, and a list of rows needs only these few). The
 * row is dragged by its handle, so its links and buttons still click; a drop
 * on another row of the same list puts it in that row's place and calls
 * `onOrder` once with every id in the new order. A drag from another list is
 * not accepted. Pointer only: the caller keeps its Move Up / Move Down
 * buttons for keyboards and touch screens.
 */
export function useDragOrder(ids: readonly string[], onOrder: (ids: string[]) => void, disabled = false) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  // Read by the handlers too: a drop may come before the render that follows dragstart.
  const draggingRef = useRef<string | null>(null);
  const end = () => {
    draggingRef.current = null;
    setDragging(null);
    setOver(null);
  };
  /** The row being dragged when it is one of this list's. */
  const ours = (id: string | null) => (id !== null && ids.includes(id) ? id : null);
  const shown = ours(dragging);

  /** On the handle: starts the drag, showing the whole row under the pointer. */
  const handleProps = (id: string) => ({
    draggable: !disabled,
    'aria-hidden': true,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', id);
      const row = e.currentTarget.closest('tr, li');
      if (row) e.dataTransfer.setDragImage(row, 16, 16);
      draggingRef.current = id;
      setDragging(id);
    },
    onDragEnd: end,
  });

  /** On each row: a drop target, marked `data-drop="before|after"` where the dragged row would land. */
  const rowProps = (id: string) => ({
    'data-dragging': dragging === id ? '' : undefined,
    'data-drop': shown && over === id && shown !== id ? (ids.indexOf(shown) < ids.indexOf(id) ? 'after' : 'before') : undefined,
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!ours(draggingRef.current)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (over !== id) setOver(id);
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      const active = ours(draggingRef.current);
      if (!active) return;
      e.preventDefault();
      const from = ids.indexOf(active);
      const to = ids.indexOf(id);
      end();
      if (from !== to) onOrder(moveId(ids, from, to));
    },
  });

  return { handleProps, rowProps };
}

import { lazy, Suspense, useState } from 'react';
import type { ListItemDialogProps } from './list-item-dialog';

/** The form (react-hook-form, zod, the uploader) is its own chunk, fetched on first open. */
const loadListItemDialog = () => import('./list-item-dialog');
const ListItemDialog = lazy(() =>
  loadListItemDialog().then((module) => ({ default: module.ListItemDialog })),
);

/** Starts fetching the form's chunk ahead of a likely click (pointer over the button). */
export function preloadListItemDialog(): void {
  void loadListItemDialog();
}

/**
 * The List Item dialog, mounted once it has been opened (so that its close animation plays),
 * with its code loaded on demand. `item` switches it to editing that item, `draft` to finishing
 * that draft.
 */
export function LazyListItemDialog(props: ListItemDialogProps) {
  const [everOpened, setEverOpened] = useState(props.open);
  if (props.open && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <ListItemDialog {...props} />
    </Suspense>
  );
}

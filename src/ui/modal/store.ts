import { atom, onMount, onNotify } from 'nanostores';

/** Whether the global modal (connect-wallet and the like) is open. @see spec §4 "Connect flow" */
export const $modalOpen = atom<boolean>(false);

/** Opens the global modal. @see spec §4 "Connect flow: Open the modal (global modal flag set)" */
export function openModal(): void {
  $modalOpen.set(true);
}

/** Closes the global modal. @see spec §4 "Connect flow: confirm (modal closes) or cancel" */
export function closeModal(): void {
  $modalOpen.set(false);
}

/*
 * While anything subscribes to $modalOpen (the modal island does), an open modal hides page
 * scrolling on <html>; closing it, or the last subscriber leaving, puts the old value back.
 * Nothing happens where there is no document (server rendering).
 */
onMount($modalOpen, () => {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  let savedOverflow: string | null = null;
  const apply = (open: boolean) => {
    if (open && savedOverflow === null) {
      savedOverflow = root.style.overflow;
      root.style.overflow = 'hidden';
    } else if (!open && savedOverflow !== null) {
      root.style.overflow = savedOverflow;
      savedOverflow = null;
    }
  };
  apply($modalOpen.get());
  const unbind = onNotify($modalOpen, () => apply($modalOpen.value));
  return () => {
    unbind();
    apply(false);
  };
});

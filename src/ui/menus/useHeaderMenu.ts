/**
 * The open state of a header menu (a list its button opens: the chain list, the account menu), written once: the
 * button's disclosure attributes (it toggles the menu, says whether it is open and which element it controls), and
 * the menu closes when menus are asked to close (another one opened, a chain was chosen) and on Escape, which gives
 * the focus back to its button.
 *
 * @see ./closeMenus.ts
 * @see https://www.w3.org/WAI/ARIA/apg/patterns/disclosure/
 */
import { useEffect, useId, useRef, useState } from 'react';
import { onCloseMenus } from './closeMenus';

/**
 * Whether the menu is open and its setter, the id to give the menu, and the props of the button that opens it
 * (with its class and content added by the caller).
 */
export function useHeaderMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => onCloseMenus(() => setOpen(false)), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const buttonProps = {
    ref: buttonRef,
    type: 'button',
    'aria-haspopup': 'true',
    'aria-expanded': open,
    // Named only while open: a menu drawn on opening is not in the page before (an id must name an element).
    'aria-controls': open ? menuId : undefined,
    onClick: () => setOpen((value) => !value),
  } as const;
  return { open, setOpen, menuId, buttonProps };
}

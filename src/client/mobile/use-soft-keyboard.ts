import { useEffect, useState } from 'react';

/** Input types a phone answers with a picker or a tap, not with its keyboard. */
const NOT_TYPED = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit']);

/** Whether the element is one the on-screen keyboard types into. */
export function takesTyping(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && !NOT_TYPED.has(element.type);
}

/**
 * A keyboard takes at least a third of a phone's height; the address bar coming and going
 * changes the visible height by far less than a fifth.
 */
const KEYBOARD_SHARE = 0.8;

/**
 * Whether the phone's on-screen keyboard is up: a field that takes typing has focus and the
 * visible part of the page is well short of the tallest it has been at this width. When it
 * comes up, the field is brought into view above it, in case the browser has not done so; the
 * scroll padding of mobile.css keeps it clear of the header.
 */
export function useSoftKeyboard(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    let tallest = { width: 0, height: 0 };
    let wasOpen = false;
    const update = () => {
      // Pinch zoom shrinks the visual viewport too: compare in page pixels.
      const width = Math.round(viewport.width * viewport.scale);
      const height = viewport.height * viewport.scale;
      // A turned phone starts over.
      if (width !== tallest.width || height > tallest.height) tallest = { width, height };
      const field = document.activeElement;
      const isOpen = takesTyping(field) && height < tallest.height * KEYBOARD_SHARE;
      if (isOpen && !wasOpen) field?.scrollIntoView({ block: 'nearest' });
      wasOpen = isOpen;
      setOpen(isOpen);
    };
    // Reading the viewport's size makes the browser lay the page out there and then: while the
    // shell is still being drawn, that is a whole extra layout. Nothing needs measuring until a
    // field that takes typing has focus, which a focusin reports (unless it already has it).
    if (takesTyping(document.activeElement)) update();
    viewport.addEventListener('resize', update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      viewport.removeEventListener('resize', update);
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);
  return open;
}

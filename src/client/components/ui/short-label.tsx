/**
 * A control's short visible word and the whole name a screen reader says: "Copy" on screen,
 * "Copy invite link 1" heard. The name is the control's content, not an aria-label, so a label
 * lookup (a form's "Invite link 1") finds the field alone, and each language words the whole name.
 */
export function ShortLabel({ shown, full }: { shown: string; full: string }) {
  return (
    <>
      <span aria-hidden>{shown}</span>
      <span className="sr-only">{full}</span>
    </>
  );
}

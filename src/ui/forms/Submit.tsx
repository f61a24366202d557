/**
 * A form's submit button: disabled while the form is sending (and whenever `disabled`), saying `busyLabel`
 * meanwhile when the form has one. The texts come from the form.
 */

/** Props of {@link Submit}. */
export interface SubmitProps {
  label: string;
  busy: boolean;
  /** Shown while busy ("Saving…"); the label stays otherwise. */
  busyLabel?: string;
  disabled?: boolean;
  /** The button's style; `btn-primary` unless given. */
  className?: string;
}

/** The submit button of a form. */
export function Submit({ label, busy, busyLabel, disabled = false, className }: SubmitProps) {
  return (
    <button type="submit" className={className ?? 'btn-primary'} disabled={busy || disabled}>
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}

/**
 * A field of the site's island forms: its label (with an optional note such as "(optional)"), the control, a
 * hint under it and the problem found in what was typed, both linked to the control by `aria-describedby` and
 * the problem marking it `aria-invalid`. Presentation only: every text comes from the form, in its page's
 * language, so any feature may use it.
 *
 * @see https://www.w3.org/WAI/tutorials/forms/instructions/ (instructions linked to their field)
 */
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** The site's text box; an entry marked invalid gets the alert border. */
export const FIELD_INPUT =
  'w-full rounded-md border border-surface-border bg-surface-sunken px-3 py-2 aria-[invalid=true]:border-alert';

/** What a control needs to be linked to its field's label, hint and problem. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Props of {@link Field}. */
export interface FieldProps {
  label: ReactNode;
  /** Shown after the label in smaller type, in brackets: "(optional)". */
  note?: string | undefined;
  hint?: ReactNode;
  problem?: string | null | undefined;
  /** Announce the problem at once (`role="alert"`), for one found as the person types or chooses. */
  alertProblem?: boolean | undefined;
  /** Shown last in the field, under the problem (a preview of a chosen file). */
  after?: ReactNode;
  /** The field's box; `grid gap-1` unless given. */
  className?: string | undefined;
  /** The control, given the id and the attributes that link it to the label, the hint and the problem. */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled control with its hint and problem. */
export function Field({ label, note, hint, problem, alertProblem = false, after, className, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].join(' ').trim();
  return (
    <div className={className ?? 'grid gap-1'}>
      <label htmlFor={id} className="font-semibold">
        {label}
        {note && <span className="text-sm font-normal text-ink-muted"> ({note})</span>}
      </label>
      {children({ id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} role={alertProblem ? 'alert' : undefined} className="text-sm text-active-muted">
          {problem}
        </p>
      )}
      {after}
    </div>
  );
}

/** Props of {@link TextField}: the field's, the input's attributes, and its text. */
export type TextFieldProps = Omit<FieldProps, 'children'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className' | 'children'> & {
    value: string;
    onChange: (value: string) => void;
    /** The input's style; {@link FIELD_INPUT} unless given. */
    inputClassName?: string;
  };

/** A {@link Field} around a text input. */
export function TextField({
  label,
  note,
  hint,
  problem,
  alertProblem,
  className,
  value,
  onChange,
  inputClassName,
  ...input
}: TextFieldProps) {
  return (
    <Field {...{ label, note, hint, problem, alertProblem, className }}>
      {(control) => (
        <input
          {...input}
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClassName ?? FIELD_INPUT}
        />
      )}
    </Field>
  );
}

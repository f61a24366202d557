/**
 * Why a form was refused, under its fields (`role="alert"`, read out as it appears); nothing when there is no
 * failure. The text comes from the form: the server's message or its own.
 */

/** Props of {@link FormAlert}; `data-*` attributes pass through to the paragraph. */
export type FormAlertProps = {
  text: string | null | undefined;
  /** The paragraph's style; a bordered box unless given. */
  className?: string;
} & { [data: `data-${string}`]: string | boolean | undefined };

/** A form's failure, or nothing. */
export function FormAlert({ text, className, ...data }: FormAlertProps) {
  if (!text) return null;
  return (
    <p role="alert" className={className ?? 'rounded-md border border-alert px-4 py-3'} {...data}>
      {text}
    </p>
  );
}

import { cloneElement, createContext, use, useId, type ReactElement } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Label } from './label';

type FieldControlProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** How a FormField names and describes its control, for controls that are not its direct child. */
type FormFieldControl = FieldControlProps & { 'aria-labelledby'?: string };

const FormFieldControlContext = createContext<FormFieldControl>({});

/**
 * The label, hint and error wiring of the enclosing FormField (empty outside one). A composite
 * control whose focusable element sits deeper than FormField's child (a Select's trigger inside its
 * root) takes it from here, so the label names the element a user actually reaches.
 */
export const useFormFieldControl = () => use(FormFieldControlContext);

/**
 * A label, a control, an optional hint and an inline error, wired for screen readers. The error is
 * either text, or a react-hook-form field error: its schema messages are catalogue keys, while the
 * server's (`setServerFieldErrors`) arrive translated.
 */
export function FormField({
  label,
  hint,
  error: errorProp,
  children,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | FieldError | undefined;
  children: ReactElement<FieldControlProps>;
}) {
  const { t } = useTranslation();
  let error = errorProp;
  if (typeof error === 'object') {
    error = error.type === 'server' || !error.message ? error.message : t(error.message);
  }
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className="space-y-1.5">
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      <FormFieldControlContext value={{ ...control, 'aria-labelledby': labelId }}>
        {cloneElement(children, control)}
      </FormFieldControlContext>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

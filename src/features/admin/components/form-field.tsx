import { useId, type ReactElement } from 'react';
import { Label } from '@/components/ui/label';

interface FormFieldProps {
  label: string;
  /** Shows the visual '*' of a required field (the message says it in words). */
  required?: boolean;
  /** Announced with the control (aria-describedby) and shown in red below it. */
  error?: string;
  /** Receives the ids to put on the control, so the label and message are tied to it. */
  children: (ids: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactElement;
}

export function FormField({ label, required, error, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </Label>
      {children(error ? { id, 'aria-describedby': errorId, 'aria-invalid': true } : { id })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

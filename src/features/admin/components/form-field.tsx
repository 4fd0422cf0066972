import { useId, type ReactElement, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';

interface FormFieldProps {
  label: string;
  /** Shows the visual '*' of a required field (the message says it in words). */
  required?: boolean;
  /** Announced with the control (aria-describedby) and shown in red below it. */
  error?: string;
  /** Said with the control too (aria-describedby), below it: what the field means or leads to. */
  description?: ReactNode;
  /** Receives the ids to put on the control, so the label and messages are tied to it. */
  children: (ids: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactElement;
}

export function FormField({ label, required, error, description, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [error && errorId, description && descriptionId].filter(Boolean).join(' ') || undefined;
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
      {children({ id, ...(describedBy && { 'aria-describedby': describedBy }), ...(error && { 'aria-invalid': true as const }) })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {description && (
        <div id={descriptionId} className="grid gap-1 text-sm text-stone-600">
          {description}
        </div>
      )}
    </div>
  );
}

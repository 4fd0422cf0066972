import type { ReactNode } from 'react';

/** A refusal or failure, said at once (role="alert"), with what she can do next below it. */
export function FailureAlert({ title, message, children }: { title?: string; message: string; children?: ReactNode }) {
  return (
    <div role="alert" className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {title && <p className="font-semibold">{title}</p>}
      <p className="[overflow-wrap:anywhere]">{message}</p>
      {children}
    </div>
  );
}

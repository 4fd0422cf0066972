import { useRef, useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';

interface Question {
  title: string;
  body: string;
  action: string;
  onConfirm: () => void;
  /** Where the focus goes once she confirmed, when what opened the question leaves the screen with what it acted on. */
  focusAfter?: () => void;
}

/** A question that must be answered (an alert dialog): "Cancelar" changes nothing. Opened by its caller. */
export function ConfirmDialog({ open, onOpenChange, title, body, action, onConfirm, focusAfter }: Question & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const confirmed = useRef(false);
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!confirmed.current || !focusAfter) return;
          confirmed.current = false;
          event.preventDefault();
          focusAfter();
        }}
      >
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription className="[overflow-wrap:anywhere]">{body}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{adminText.common.cancel}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              confirmed.current = true;
              onConfirm();
            }}
          >
            {action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A button that asks first. `label`: its accessible name (its text may be shorter). */
export function ConfirmButton({ label, children, disabled, ...question }: Question & { label: string; children: ReactNode; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" size="sm" aria-label={label} disabled={disabled} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <ConfirmDialog open={open} onOpenChange={setOpen} {...question} />
    </>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useRef } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { newsletterKeys } from '../api/keys';
import { describeFailure } from '../api/newsletter-error';
import { removeSubscriber, type Subscriber } from '../api/subscribers';

/** Removes one address after asking (an alert dialog); the counts, the chart and the list follow. */
export function RemoveSubscriberButton({
  subscriber,
  onRemoved,
  focusAfter,
}: {
  subscriber: Pick<Subscriber, 'id' | 'email'>;
  onRemoved?: () => void;
  /** Where the focus goes once she confirmed: this button leaves with its row. */
  focusAfter?: () => void;
}) {
  const t = adminText.newsletter;
  const confirmed = useRef(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeSubscriber(subscriber.id),
    onSuccess: async (removed) => {
      toast(removed ? { title: t.removed, description: t.removedDescription(subscriber.email) } : { title: t.alreadyGone(subscriber.email) });
      onRemoved?.();
      await queryClient.invalidateQueries({ queryKey: newsletterKeys.all });
    },
    onError: (error) => toast({ title: t.removeError, description: describeFailure(error), variant: 'destructive' }),
  });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="icon" aria-label={t.remove(subscriber.email)} disabled={remove.isPending}>
          <Trash2 aria-hidden className="text-red-700" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!confirmed.current || !focusAfter) return;
          event.preventDefault();
          focusAfter();
        }}
      >
        <AlertDialogTitle>{t.removeTitle}</AlertDialogTitle>
        <AlertDialogDescription className="[overflow-wrap:anywhere]">{t.removeBody(subscriber.email)}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{adminText.common.cancel}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              confirmed.current = true;
              remove.mutate();
            }}
          >{t.removeAction}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/clip-error';
import { updateClip, type ClipFields } from '../api/clips';
import { clipKeys } from '../api/keys';

/** One of a clip's switches in the list, saved as soon as she flips it; a refusal is said and the list re-read. */
export function ClipToggle({
  clipId,
  title,
  label,
  checked,
  change,
}: {
  clipId: string;
  title: string;
  label: string;
  checked: boolean;
  change: (on: boolean) => Partial<ClipFields>;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (on: boolean) => updateClip(clipId, change(on)),
    onError: (error) => toast({ title: adminText.clips.changeError, description: describeFailure(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clipKeys.all }),
  });
  const shown = mutation.isPending ? mutation.variables : checked;
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={shown} disabled={mutation.isPending} onCheckedChange={(on) => mutation.mutate(on)} aria-describedby={`${id}-of`} />
      <Label htmlFor={id} className="text-sm font-normal">
        {label}
      </Label>
      <span id={`${id}-of`} className="sr-only">
        {title}
      </span>
    </div>
  );
}

import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { EditConflictError } from '@/lib/edit-conflict';
import type { Language } from '@/lib/language';
import { supabase } from '@/lib/supabase';
import { settingsKeys } from './keys';

export interface UpdateSettingInput {
  id: string;
  value: string;
  /** The setting's language, whose list is refreshed after the save. */
  language: Language;
  /** The updated_at of the value she started from: a change made elsewhere since is not overwritten. */
  loadedUpdatedAt?: string;
}

/** Spec §7: update site_settings' value for a given id; EditConflictError when it changed meanwhile. */
export async function updateSetting({ id, value, loadedUpdatedAt }: UpdateSettingInput): Promise<void> {
  let query = supabase.from('site_settings').update({ value }).eq('id', id);
  if (loadedUpdatedAt) query = query.eq('updated_at', loadedUpdatedAt);
  const { data, error } = await query.select('id');
  if (error) throw error;
  if (data.length > 0) return;
  const { data: latest, error: readError } = await supabase.from('site_settings').select('*').eq('id', id).maybeSingle();
  if (readError) throw readError;
  throw new EditConflictError(latest);
}

type Options = Omit<UseMutationOptions<void, Error, UpdateSettingInput>, 'mutationFn'>;

/** On success the language's settings are refetched (admin and public pages share the key). */
export function useUpdateSetting({ onSuccess, ...options }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateSetting,
    onSuccess: async (data, input, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.byLanguage(input.language) });
      await onSuccess?.(data, input, ...rest);
    },
    // A refused save means the list is stale: show the other version.
    onError: async (error, input, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.byLanguage(input.language) });
      await options.onError?.(error, input, ...rest);
    },
  });
}

import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { supabase } from '@/lib/supabase';
import { settingsKeys } from './keys';

export interface UpdateSettingInput {
  id: string;
  value: string;
  /** The setting's language, whose list is refreshed after the save. */
  language: Language;
}

/** Spec §7: update site_settings' value for a given id. */
export async function updateSetting({ id, value }: UpdateSettingInput): Promise<void> {
  const { error } = await supabase.from('site_settings').update({ value }).eq('id', id);
  if (error) throw error;
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
  });
}

import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** The database's slug of a text (rpc slugify: unaccent-folded, a–z 0–9 and hyphens), uniqueness aside. */
export async function slugify(value: string): Promise<string> {
  const { data, error } = await supabase.rpc('slugify', { value });
  if (error) throw error;
  return data;
}

/**
 * The address a title would get, for the post dialog's preview (issue 23):
 * the database's own rule, so the preview and the saved post agree. A pure
 * function of the text: kept for the session, never refetched.
 */
export function useSlugPreview(text: string, enabled = true) {
  const value = text.trim();
  return useQuery({
    queryKey: ['admin-slugify', value],
    queryFn: () => slugify(value),
    enabled: enabled && value !== '',
    staleTime: Infinity,
    retry: false,
  });
}

import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { countDemoPosts } from '../api/demo-content';

export const demoPostsKey = ['archive', 'demo-posts'] as const;

/** How many example posts of a new install the site still has (0 once removed, or on a site that never had them). */
export function useDemoPosts() {
  return useQuery({ queryKey: demoPostsKey, queryFn: () => countDemoPosts(supabase) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';

export type BlogPost = Tables<'blog_posts'>;

/** Spec §7: all blog_posts, drafts included (RLS lets only admins see those), newest created first. */
export async function getAdminPosts(): Promise<BlogPost[]> {
  const { data, error } = await supabase.from('blog_posts').select('*').order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}

export const adminPostsQueryOptions = () => queryOptions({ queryKey: postKeys.adminList(), queryFn: getAdminPosts });

export function useAdminPosts() {
  return useQuery(adminPostsQueryOptions());
}

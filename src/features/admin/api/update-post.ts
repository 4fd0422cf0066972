import { EditConflictError } from '@/lib/edit-conflict';
import { supabase } from '@/lib/supabase';
import type { TablesUpdate } from '@/types/database.types';
import type { BlogPost } from './get-admin-posts';
import { usePostMutation, type PostMutationOptions } from './use-post-mutation';

export interface UpdatePostInput {
  id: string;
  changes: TablesUpdate<'blog_posts'>;
  /**
   * The updated_at of the version the form was loaded from: the update only
   * applies if the post is still that version (issue 15). Saving over a
   * newer version on purpose passes the newer one's.
   */
  loadedUpdatedAt?: string;
}

/** Spec §7: update blog_posts by id and return it; refused with EditConflictError when it changed meanwhile. */
export async function updatePost({ id, changes, loadedUpdatedAt }: UpdatePostInput): Promise<BlogPost> {
  let query = supabase.from('blog_posts').update(changes).eq('id', id);
  if (loadedUpdatedAt) query = query.eq('updated_at', loadedUpdatedAt);
  const { data, error } = await query.select().maybeSingle();
  if (error) throw error;
  if (data) return data;
  const { data: latest, error: readError } = await supabase.from('blog_posts').select('*').eq('id', id).maybeSingle();
  if (readError) throw readError;
  throw new EditConflictError<BlogPost>(latest);
}

export const useUpdatePost = (options?: PostMutationOptions<BlogPost, UpdatePostInput>) => usePostMutation(updatePost, options);

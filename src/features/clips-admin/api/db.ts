import type { SupabaseClient } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

/**
 * The same client, untyped for issue 43's tables: database.types.ts is
 * generated from the migrations and did not hold them when this tab was
 * written. The rows' shapes are in ./types.ts.
 */
export const clipsDb = supabase as unknown as SupabaseClient;

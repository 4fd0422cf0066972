import { createClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database.types';
import { supabaseConfig } from './supabase-config';

export { supabaseConfig };

const { url, key } = supabaseConfig();

export const supabase = createClient<Database>(url, key, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});

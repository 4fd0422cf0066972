import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database.types';

/**
 * The client an import or export works through: the admin's own session in
 * the admin screen, the service_role key on the command line. Row-level
 * security and Storage policies decide what either may do.
 */
export type ArchiveClient = SupabaseClient<Database>;

// Generated from supabase/migrations by `npm run gen:types` (server/db/database-types.ts),
// in the shape of `supabase gen types typescript`. Do not edit: change a migration and regenerate.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      blog_post_corrections: {
        Row: {
          created_at: string;
          id: string;
          note: string;
          post_id: string;
        };
        Insert: {
          created_at?: string;
          id?: string;
          note: string;
          post_id: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          note?: string;
          post_id?: string;
        };
        Relationships: [];
      };
      blog_post_review_links: {
        Row: {
          created_at: string;
          expires_at: string;
          id: string;
          post_id: string;
          token_hash: string;
        };
        Insert: {
          created_at?: string;
          expires_at: string;
          id?: string;
          post_id: string;
          token_hash: string;
        };
        Update: {
          created_at?: string;
          expires_at?: string;
          id?: string;
          post_id?: string;
          token_hash?: string;
        };
        Relationships: [];
      };
      blog_post_revisions: {
        Row: {
          category: string | null;
          content: string | null;
          date: string;
          excerpt: string | null;
          id: number;
          image_alt: string | null;
          image_url: string | null;
          post_id: string;
          published: boolean;
          read_time: string;
          replaced_at: string;
          saved_at: string;
          slug: string;
          title: string;
        };
        Insert: {
          category?: string | null;
          content?: string | null;
          date: string;
          excerpt?: string | null;
          id?: number;
          image_alt?: string | null;
          image_url?: string | null;
          post_id: string;
          published: boolean;
          read_time: string;
          replaced_at?: string;
          saved_at: string;
          slug: string;
          title: string;
        };
        Update: {
          category?: string | null;
          content?: string | null;
          date?: string;
          excerpt?: string | null;
          id?: number;
          image_alt?: string | null;
          image_url?: string | null;
          post_id?: string;
          published?: boolean;
          read_time?: string;
          replaced_at?: string;
          saved_at?: string;
          slug?: string;
          title?: string;
        };
        Relationships: [];
      };
      blog_post_slugs: {
        Row: {
          created_at: string;
          language: string;
          post_id: string;
          shared: boolean;
          slug: string;
        };
        Insert: {
          created_at?: string;
          language: string;
          post_id: string;
          shared?: boolean;
          slug: string;
        };
        Update: {
          created_at?: string;
          language?: string;
          post_id?: string;
          shared?: boolean;
          slug?: string;
        };
        Relationships: [];
      };
      blog_posts: {
        Row: {
          category: string | null;
          content: string | null;
          created_at: string;
          date: string;
          excerpt: string | null;
          id: string;
          image_alt: string | null;
          image_url: string | null;
          language: string;
          newsletter: boolean;
          origin_id: string | null;
          origin_source: string | null;
          origin_url: string | null;
          published: boolean;
          read_time: string;
          revised_at: string | null;
          slug: string;
          title: string;
          translation_group: string | null;
          translation_outdated: boolean;
          updated_at: string;
        };
        Insert: {
          category?: string | null;
          content?: string | null;
          created_at?: string;
          date?: string;
          excerpt?: string | null;
          id?: string;
          image_alt?: string | null;
          image_url?: string | null;
          language?: string;
          newsletter?: boolean;
          origin_id?: string | null;
          origin_source?: string | null;
          origin_url?: string | null;
          published?: boolean;
          read_time?: string;
          revised_at?: string | null;
          slug?: string;
          title: string;
          translation_group?: string | null;
          translation_outdated?: boolean;
          updated_at?: string;
        };
        Update: {
          category?: string | null;
          content?: string | null;
          created_at?: string;
          date?: string;
          excerpt?: string | null;
          id?: string;
          image_alt?: string | null;
          image_url?: string | null;
          language?: string;
          newsletter?: boolean;
          origin_id?: string | null;
          origin_source?: string | null;
          origin_url?: string | null;
          published?: boolean;
          read_time?: string;
          revised_at?: string | null;
          slug?: string;
          title?: string;
          translation_group?: string | null;
          translation_outdated?: boolean;
          updated_at?: string;
        };
        Relationships: [];
      };
      clip_copies: {
        Row: {
          clip_id: string;
          fetched_at: string;
          final_url: string | null;
          page_path: string | null;
          picture_path: string | null;
          text_markdown: string;
        };
        Insert: {
          clip_id: string;
          fetched_at: string;
          final_url?: string | null;
          page_path?: string | null;
          picture_path?: string | null;
          text_markdown: string;
        };
        Update: {
          clip_id?: string;
          fetched_at?: string;
          final_url?: string | null;
          page_path?: string | null;
          picture_path?: string | null;
          text_markdown?: string;
        };
        Relationships: [];
      };
      clip_feeds: {
        Row: {
          created_at: string;
          feed_url: string | null;
          id: string;
          language: string | null;
          last_checked_at: string | null;
          outlet: string | null;
          title: string | null;
          url: string;
        };
        Insert: {
          created_at?: string;
          feed_url?: string | null;
          id?: string;
          language?: string | null;
          last_checked_at?: string | null;
          outlet?: string | null;
          title?: string | null;
          url: string;
        };
        Update: {
          created_at?: string;
          feed_url?: string | null;
          id?: string;
          language?: string | null;
          last_checked_at?: string | null;
          outlet?: string | null;
          title?: string | null;
          url?: string;
        };
        Relationships: [];
      };
      clip_jobs: {
        Row: {
          attempts: number;
          batch: string;
          clip_id: string | null;
          created_at: string;
          error: string | null;
          finished_at: string | null;
          id: string;
          input: string | null;
          kind: string;
          options: Json;
          result: Json | null;
          run_after: string;
          started_at: string | null;
          state: string;
        };
        Insert: {
          attempts?: number;
          batch: string;
          clip_id?: string | null;
          created_at?: string;
          error?: string | null;
          finished_at?: string | null;
          id?: string;
          input?: string | null;
          kind: string;
          options?: Json;
          result?: Json | null;
          run_after?: string;
          started_at?: string | null;
          state?: string;
        };
        Update: {
          attempts?: number;
          batch?: string;
          clip_id?: string | null;
          created_at?: string;
          error?: string | null;
          finished_at?: string | null;
          id?: string;
          input?: string | null;
          kind?: string;
          options?: Json;
          result?: Json | null;
          run_after?: string;
          started_at?: string | null;
          state?: string;
        };
        Relationships: [];
      };
      clip_newsletter_sends: {
        Row: {
          clip_id: string;
          language: string;
          queued_at: string;
          recipients: number;
        };
        Insert: {
          clip_id: string;
          language: string;
          queued_at?: string;
          recipients?: number;
        };
        Update: {
          clip_id?: string;
          language?: string;
          queued_at?: string;
          recipients?: number;
        };
        Relationships: [];
      };
      clips: {
        Row: {
          byline: string | null;
          created_at: string;
          featured: boolean;
          feed_id: string | null;
          file_path: string | null;
          id: string;
          image_alt: string | null;
          image_url: string | null;
          kind: string;
          language: string;
          link_checked_at: string | null;
          link_error: string | null;
          link_failed_at: string | null;
          link_status: string;
          newsletter: boolean;
          outlet: string | null;
          outlet_logo_url: string | null;
          published_on: string | null;
          show_archive: boolean;
          slug: string;
          source: string;
          status: string;
          summary: string | null;
          title: string;
          updated_at: string;
          url: string | null;
        };
        Insert: {
          byline?: string | null;
          created_at?: string;
          featured?: boolean;
          feed_id?: string | null;
          file_path?: string | null;
          id?: string;
          image_alt?: string | null;
          image_url?: string | null;
          kind?: string;
          language: string;
          link_checked_at?: string | null;
          link_error?: string | null;
          link_failed_at?: string | null;
          link_status?: string;
          newsletter?: boolean;
          outlet?: string | null;
          outlet_logo_url?: string | null;
          published_on?: string | null;
          show_archive?: boolean;
          slug?: string;
          source?: string;
          status?: string;
          summary?: string | null;
          title: string;
          updated_at?: string;
          url?: string | null;
        };
        Update: {
          byline?: string | null;
          created_at?: string;
          featured?: boolean;
          feed_id?: string | null;
          file_path?: string | null;
          id?: string;
          image_alt?: string | null;
          image_url?: string | null;
          kind?: string;
          language?: string;
          link_checked_at?: string | null;
          link_error?: string | null;
          link_failed_at?: string | null;
          link_status?: string;
          newsletter?: boolean;
          outlet?: string | null;
          outlet_logo_url?: string | null;
          published_on?: string | null;
          show_archive?: boolean;
          slug?: string;
          source?: string;
          status?: string;
          summary?: string | null;
          title?: string;
          updated_at?: string;
          url?: string | null;
        };
        Relationships: [];
      };
      fediverse_accounts: {
        Row: {
          also_known_as: string | null;
          handle: string;
          language: string;
          updated_at: string;
        };
        Insert: {
          also_known_as?: string | null;
          handle: string;
          language: string;
          updated_at?: string;
        };
        Update: {
          also_known_as?: string | null;
          handle?: string;
          language?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      fediverse_blocks: {
        Row: {
          created_at: string;
          id: string;
          kind: string;
          value: string;
        };
        Insert: {
          created_at?: string;
          id?: string;
          kind: string;
          value: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          kind?: string;
          value?: string;
        };
        Relationships: [];
      };
      fediverse_followers: {
        Row: {
          actor_id: string;
          follow_id: string | null;
          followed_at: string;
          handle: string | null;
          id: string;
          inbox: string;
          language: string;
          name: string | null;
          server: string;
          shared_inbox: string | null;
        };
        Insert: {
          actor_id: string;
          follow_id?: string | null;
          followed_at?: string;
          handle?: string | null;
          id?: string;
          inbox: string;
          language: string;
          name?: string | null;
          server: string;
          shared_inbox?: string | null;
        };
        Update: {
          actor_id?: string;
          follow_id?: string | null;
          followed_at?: string;
          handle?: string | null;
          id?: string;
          inbox?: string;
          language?: string;
          name?: string | null;
          server?: string;
          shared_inbox?: string | null;
        };
        Relationships: [];
      };
      fediverse_reactions: {
        Row: {
          activity_id: string;
          actor_id: string;
          created_at: string;
          id: number;
          kind: string;
          post_id: string;
        };
        Insert: {
          activity_id: string;
          actor_id: string;
          created_at?: string;
          id?: number;
          kind: string;
          post_id: string;
        };
        Update: {
          activity_id?: string;
          actor_id?: string;
          created_at?: string;
          id?: number;
          kind?: string;
          post_id?: string;
        };
        Relationships: [];
      };
      fediverse_replies: {
        Row: {
          actor_id: string;
          author_handle: string | null;
          author_name: string | null;
          author_url: string | null;
          avatar_source: string | null;
          avatar_url: string | null;
          content: string;
          id: string;
          moderated_at: string | null;
          object_id: string;
          post_id: string;
          published: string;
          received_at: string;
          state: string;
          url: string | null;
        };
        Insert: {
          actor_id: string;
          author_handle?: string | null;
          author_name?: string | null;
          author_url?: string | null;
          avatar_source?: string | null;
          avatar_url?: string | null;
          content: string;
          id?: string;
          moderated_at?: string | null;
          object_id: string;
          post_id: string;
          published: string;
          received_at?: string;
          state?: string;
          url?: string | null;
        };
        Update: {
          actor_id?: string;
          author_handle?: string | null;
          author_name?: string | null;
          author_url?: string | null;
          avatar_source?: string | null;
          avatar_url?: string | null;
          content?: string;
          id?: string;
          moderated_at?: string | null;
          object_id?: string;
          post_id?: string;
          published?: string;
          received_at?: string;
          state?: string;
          url?: string | null;
        };
        Relationships: [];
      };
      newsletter_sends: {
        Row: {
          language: string;
          post_id: string;
          queued_at: string;
          recipients: number;
        };
        Insert: {
          language: string;
          post_id: string;
          queued_at?: string;
          recipients?: number;
        };
        Update: {
          language?: string;
          post_id?: string;
          queued_at?: string;
          recipients?: number;
        };
        Relationships: [];
      };
      newsletter_subscribers: {
        Row: {
          confirm_sent_at: string | null;
          confirmed_at: string | null;
          created_at: string;
          email: string;
          id: string;
          languages: string[];
          requested_languages: string[] | null;
          source: string;
          status: string;
          unsubscribe_token: string;
        };
        Insert: {
          confirm_sent_at?: string | null;
          confirmed_at?: string | null;
          created_at?: string;
          email: string;
          id?: string;
          languages: string[];
          requested_languages?: string[] | null;
          source?: string;
          status?: string;
          unsubscribe_token?: string;
        };
        Update: {
          confirm_sent_at?: string | null;
          confirmed_at?: string | null;
          created_at?: string;
          email?: string;
          id?: string;
          languages?: string[];
          requested_languages?: string[] | null;
          source?: string;
          status?: string;
          unsubscribe_token?: string;
        };
        Relationships: [];
      };
      site_settings: {
        Row: {
          description: string | null;
          id: string;
          key: string;
          language: string;
          updated_at: string;
          value: string;
        };
        Insert: {
          description?: string | null;
          id?: string;
          key: string;
          language: string;
          updated_at?: string;
          value?: string;
        };
        Update: {
          description?: string | null;
          id?: string;
          key?: string;
          language?: string;
          updated_at?: string;
          value?: string;
        };
        Relationships: [];
      };
      stats_daily: {
        Row: {
          day: string;
          device: string;
          language: string;
          page: string;
          referrer: string;
          views: number;
          visitors: number;
        };
        Insert: {
          day: string;
          device: string;
          language: string;
          page: string;
          referrer: string;
          views?: number;
          visitors?: number;
        };
        Update: {
          day?: string;
          device?: string;
          language?: string;
          page?: string;
          referrer?: string;
          views?: number;
          visitors?: number;
        };
        Relationships: [];
      };
      stats_site_daily: {
        Row: {
          day: string;
          views: number;
          visitors: number;
        };
        Insert: {
          day: string;
          views?: number;
          visitors?: number;
        };
        Update: {
          day?: string;
          views?: number;
          visitors?: number;
        };
        Relationships: [];
      };
      stats_sources_daily: {
        Row: {
          day: string;
          kind: string;
          value: string;
          views: number;
          visitors: number;
        };
        Insert: {
          day: string;
          kind: string;
          value: string;
          views?: number;
          visitors?: number;
        };
        Update: {
          day?: string;
          kind?: string;
          value?: string;
          views?: number;
          visitors?: number;
        };
        Relationships: [];
      };
      user_roles: {
        Row: {
          created_at: string;
          role: Database['public']['Enums']['app_role'];
          user_id: string;
        };
        Insert: {
          created_at?: string;
          role?: Database['public']['Enums']['app_role'];
          user_id: string;
        };
        Update: {
          created_at?: string;
          role?: Database['public']['Enums']['app_role'];
          user_id?: string;
        };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      clip_job_fail: {
        Args: {
          job_id: string;
          reason: string;
          retry_at?: string;
        };
        Returns: unknown;
      };
      clip_job_finish: {
        Args: {
          job_id: string;
          new_clips: Json;
          copy: Json;
          job_result: Json;
        };
        Returns: Json;
      };
      clip_jobs_claim: {
        Args: {
          max_jobs?: number;
        };
        Returns: Database['public']['Tables']['clip_jobs']['Row'][];
      };
      clip_link_checked: {
        Args: {
          clip_id: string;
          ok: boolean;
          reason?: string;
        };
        Returns: string;
      };
      clip_links_due: {
        Args: {
          every_clip?: boolean;
          max_clips?: number;
        };
        Returns: {
          id: string;
          url: string;
          link_status: string;
        }[];
      };
      clips_backup: {
        Args: Record<PropertyKey, never>;
        Returns: Json;
      };
      clips_restore: {
        Args: {
          backup: Json;
        };
        Returns: Json;
      };
      create_review_link: {
        Args: {
          post_id: string;
          days?: number;
        };
        Returns: {
          id: string;
          token: string;
          expires_at: string;
        }[];
      };
      ensure_translation_group: {
        Args: {
          post_id: string;
        };
        Returns: string;
      };
      fediverse_backup: {
        Args: Record<PropertyKey, never>;
        Returns: Json;
      };
      fediverse_reaction_counts: {
        Args: Record<PropertyKey, never>;
        Returns: {
          post_id: string;
          likes: number;
          boosts: number;
        }[];
      };
      fediverse_remove_follower: {
        Args: {
          follower: string;
        };
        Returns: boolean;
      };
      fediverse_restore: {
        Args: {
          backup: Json;
        };
        Returns: Json;
      };
      has_live_session: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      has_required_aal: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      import_corrections: {
        Args: {
          corrections: Json;
        };
        Returns: number;
      };
      import_posts: {
        Args: {
          posts: Json;
        };
        Returns: {
          post_id: string;
          post_slug: string;
          outcome: string;
        }[];
      };
      import_revisions: {
        Args: {
          revisions: Json;
        };
        Returns: number;
      };
      is_admin: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      newsletter_backup_subscribers: {
        Args: Record<PropertyKey, never>;
        Returns: {
          email: string;
          languages: string[];
          source: string;
          created_at: string;
          confirmed_at: string;
          unsubscribe_token: string;
        }[];
      };
      newsletter_confirm: {
        Args: {
          token: string;
        };
        Returns: {
          outcome: string;
          languages: string[];
        }[];
      };
      newsletter_growth: {
        Args: {
          days?: number;
        };
        Returns: {
          day: string;
          pt: number;
          en: number;
        }[];
      };
      newsletter_import_subscribers: {
        Args: {
          subscribers: Json;
        };
        Returns: {
          added: number;
          already: number;
          invalid: number;
        }[];
      };
      newsletter_restore_subscribers: {
        Args: {
          subscribers: Json;
        };
        Returns: {
          added: number;
          already: number;
          invalid: number;
        }[];
      };
      newsletter_send_progress: {
        Args: Record<PropertyKey, never>;
        Returns: {
          post_id: string;
          title: string;
          language: string;
          queued_at: string;
          recipients: number;
          sent: number;
          failed: number;
          waiting: number;
          cancelled: number;
          last_sent_at: string;
        }[];
      };
      newsletter_send_test: {
        Args: {
          post: string;
        };
        Returns: unknown;
      };
      newsletter_subscribe: {
        Args: {
          email: string;
          languages: string[];
          page_language?: string;
          trap?: string;
        };
        Returns: unknown;
      };
      newsletter_unsubscribe: {
        Args: {
          token: string;
        };
        Returns: boolean;
      };
      record_view: {
        Args: {
          page: string;
          referrer?: string;
        };
        Returns: unknown;
      };
      review_post: {
        Args: {
          token: string;
        };
        Returns: Database['public']['Tables']['blog_posts']['Row'][];
      };
      search_site: {
        Args: {
          q: string;
          lang?: string;
          page?: number;
        };
        Returns: {
          kind: string;
          id: string;
          language: string;
          slug: string;
          title: string;
          passage: string;
          published_at: string;
          published_on: string;
          category: string;
          outlet: string;
          url: string;
          total: number;
          other_total: number;
        }[];
      };
      site_now: {
        Args: Record<PropertyKey, never>;
        Returns: string;
      };
      site_today: {
        Args: Record<PropertyKey, never>;
        Returns: string;
      };
      slugify: {
        Args: {
          value: string;
        };
        Returns: string;
      };
      stats_days: {
        Args: {
          days?: number;
        };
        Returns: {
          day: string;
          views: number;
          visitors: number;
        }[];
      };
      stats_pages: {
        Args: {
          days?: number;
          max?: number;
        };
        Returns: {
          page: string;
          post_id: string;
          title: string;
          language: string;
          slug: string;
          views: number;
          visitors: number;
        }[];
      };
      stats_post_days: {
        Args: {
          post: string;
        };
        Returns: {
          day: string;
          views: number;
          visitors: number;
        }[];
      };
      stats_sources: {
        Args: {
          days?: number;
          post?: string;
        };
        Returns: {
          kind: string;
          value: string;
          views: number;
          visitors: number;
        }[];
      };
    };
    Enums: {
      app_role: 'admin';
    };
    CompositeTypes: { [_ in never]: never };
  };
};

type PublicSchema = Database['public'];
export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];

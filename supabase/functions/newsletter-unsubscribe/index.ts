// Supabase Edge Function (Deno): `supabase functions deploy newsletter-unsubscribe --no-verify-jwt`,
// with the secret SITE_URL (`supabase secrets set SITE_URL=https://example.com`). See handler.ts.
import { handleUnsubscribe } from './handler.ts';

declare const Deno: { env: { get(name: string): string | undefined }; serve(handler: (request: Request) => Promise<Response>): void };

Deno.serve((request) =>
  handleUnsubscribe(request, {
    supabaseUrl: Deno.env.get('SUPABASE_URL') ?? '',
    anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    siteUrl: Deno.env.get('SITE_URL') ?? '',
  }),
);

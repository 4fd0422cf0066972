/**
 * The headers SQL reads as `request.headers`, with the client's address where
 * hosted Supabase's gateway puts it (x-forwarded-for), as this server knows
 * it: what the client itself sent there, or as cf-connecting-ip, is dropped,
 * so a function's per-client limit (private.request_client()) cannot be dodged.
 */
export function headersForSql(all: Record<string, string>, client: string): Record<string, string> {
  const { 'x-forwarded-for': _forwarded, 'cf-connecting-ip': _cf, 'x-real-ip': _real, ...rest } = all;
  return { ...rest, 'x-forwarded-for': client };
}

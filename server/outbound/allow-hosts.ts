/**
 * OUTBOUND_ALLOW_HOSTS=host:port,… — the only way to let the server fetch
 * from a private address (a test's local outlet, an intranet): each entry
 * exempts exactly that host name (or literal address) on that port from the
 * public-address rule; every other host is still judged (decision 270, 290).
 */
import { ConfigError } from '../config-error.ts';

export function parseOutboundAllowHosts(raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  return raw.split(',').map((entry) => {
    const trimmed = entry.trim().toLowerCase();
    const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/.exec(trimmed);
    const port = match ? Number(match[2]) : 0;
    if (!match || port < 1 || port > 65535) {
      throw new ConfigError(`OUTBOUND_ALLOW_HOSTS: "${entry.trim()}" is not host:port. List the hosts exempt from the private-address rule like intranet.local:8080,[fd00::5]:443, or unset it.`);
    }
    return `${match[1]!.replace(/^\[|\]$/g, '')}:${port}`;
  });
}

/** The key an entry is matched by: the host without brackets, and the port the URL implies. */
export function hostKey(hostname: string, port: string | number, protocol?: string): string {
  const p = port === '' || port === undefined ? (protocol === 'https:' ? 443 : 80) : Number(port);
  return `${hostname.toLowerCase().replace(/^\[|\]$/g, '')}:${p}`;
}

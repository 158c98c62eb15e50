// Allow-list entries for outgoing HTTP targets (local-gateway webhook_url, webhook replays): one syntax, one matcher (pure).

/** One allow-list entry (an origin or URL prefix, a host name, or `*.domain`) against a URL; webhook replays use the same syntax. */
export function matchesAllowEntry(url: URL, entry: string): boolean {
  if (entry.includes('://')) {
    try {
      const allowed = new URL(entry);
      return url.origin === allowed.origin && url.pathname.startsWith(allowed.pathname.replace(/\/$/, '') || '/');
    } catch {
      return false;
    }
  }
  const host = entry.toLowerCase();
  if (host.startsWith('*.')) return url.hostname.endsWith(host.slice(1));
  return url.hostname === host || url.host === host;
}

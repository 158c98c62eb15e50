// Where a captured delivery may be replayed: loopback or the playground's own origin, over http(s) (pure).
export type ReplayTargetCheck = { isAllowed: true; url: URL } | { isAllowed: false; message: string };

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export function checkReplayTarget(target: string, publicOrigin: string): ReplayTargetCheck {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { isAllowed: false, message: 'target must be an absolute http(s) URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { isAllowed: false, message: 'target must use http or https' };
  if (url.username || url.password) return { isAllowed: false, message: 'target must not carry credentials' };
  if (isLoopbackHost(url.hostname) || url.origin === new URL(publicOrigin).origin) return { isAllowed: true, url };
  return { isAllowed: false, message: `target must be a loopback address or this playground's origin (${new URL(publicOrigin).origin})` };
}

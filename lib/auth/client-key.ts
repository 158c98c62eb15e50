// Which client a request counts against for limits: something the client cannot choose.
import 'server-only';

/** Every request shares one bucket unless a trusted reverse proxy (TRUST_PROXY=true) says who the client is. */
export const SHARED_CLIENT_KEY = 'all-clients';

/**
 * With TRUST_PROXY=true: the last X-Forwarded-For entry, the address the trusted proxy itself saw (entries before it are
 * whatever the client sent), else X-Real-IP. Otherwise one shared bucket: a header the client writes cannot split it.
 */
export function clientKeyOf(headers: Headers, trustProxy: boolean): string {
  if (!trustProxy) return SHARED_CLIENT_KEY;
  const forwarded = headers.get('x-forwarded-for')?.split(',').map((entry) => entry.trim()).filter(Boolean).at(-1);
  if (forwarded) return forwarded;
  return headers.get('x-real-ip')?.trim() || SHARED_CLIENT_KEY;
}

/** Whether the browser reached us over https: the request's own URL, or X-Forwarded-Proto from a trusted proxy. */
export function isHttpsRequest(url: string, headers: Headers, trustProxy: boolean): boolean {
  if (new URL(url).protocol === 'https:') return true;
  return trustProxy && headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

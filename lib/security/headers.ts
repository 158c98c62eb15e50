// Security headers: a nonce-based Content-Security-Policy for pages, and the static headers every reply carries.
import staticHeaders from './static-headers.json';

/** Sent on every reply (next.config.js reads the same file). */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = staticHeaders;

/** A fresh, unguessable nonce per page request. */
export function createNonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Scripts run only with this request's nonce ('strict-dynamic' lets Next's loader add its chunks); no 'unsafe-inline' scripts.
 * Styles allow inline because React style attributes and the JSON editor inject them.
 */
export function buildContentSecurityPolicy(nonce: string, options: { isDev: boolean }): string {
  const scriptSources = [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`, ...(options.isDev ? [`'unsafe-eval'`] : [])];
  return [
    `default-src 'self'`,
    `script-src ${scriptSources.join(' ')}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https:`,
    `media-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

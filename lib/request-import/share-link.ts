// A share link: the request body in the URL hash, without secrets (the credentials of lib/schema/credentials.ts and every header are left out).
import { stripCredentials } from '@/lib/schema/credentials';

export const SHARE_HASH_PREFIX = '#request=';

export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  bytes.forEach((byte) => {
    binary += String.fromCharCode(byte);
  });
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function encodeShareHash(body: Record<string, unknown>): string {
  return `${SHARE_HASH_PREFIX}${toBase64Url(JSON.stringify(stripCredentials(body)))}`;
}

/** The body in a share hash, or null when the hash is not one (or is damaged). */
export function decodeShareHash(hash: string): Record<string, unknown> | null {
  if (!hash.startsWith(SHARE_HASH_PREFIX)) return null;
  try {
    const value: unknown = JSON.parse(fromBase64Url(hash.slice(SHARE_HASH_PREFIX.length)));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? stripCredentials(value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

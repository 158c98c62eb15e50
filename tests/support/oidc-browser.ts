// A scripted browser for sign-in tests: a cookie jar, redirects followed by hand, and the provider's own login and consent
// forms filled and posted as a person would (no shortcut around the provider).
export interface StoredCookie {
  name: string;
  value: string;
  path: string;
  sameSite: string | null;
  httpOnly: boolean;
}

/** Cookies by name for one host (browsers share cookies across the ports of a host, as this jar does). */
export class CookieJar {
  readonly cookies = new Map<string, StoredCookie>();

  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const read = (key: string) => attributes.find((attribute) => attribute.toLowerCase().startsWith(`${key}=`))?.split('=')[1] ?? null;
      const isExpired = read('max-age') === '0' || (read('expires') !== null && Date.parse(read('expires') ?? '') < Date.now());
      if (isExpired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { name, value, path: read('path') ?? '/', sameSite: read('samesite'), httpOnly: attributes.some((attribute) => attribute.toLowerCase() === 'httponly') });
    }
  }

  header(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies.values()].filter((cookie) => path.startsWith(cookie.path)).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }
}

export interface BrowserResponse {
  url: string;
  status: number;
  location: string | null;
  text: string;
}

/** One request with the jar's cookies; Set-Cookie stored; no redirect followed. */
export async function send(jar: CookieJar, url: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<BrowserResponse> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('Cookie', cookie);
  let body: string | undefined;
  if (init.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(url, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
  jar.store(response.headers.getSetCookie());
  const location = response.headers.get('location');
  return { url, status: response.status, location: location ? new URL(location, url).toString() : null, text: await response.text() };
}

/** GETs `url` and follows redirects (and the playground's meta-refresh page after sign-in) until a page answers. */
export async function browse(jar: CookieJar, url: string, stopAt?: (response: BrowserResponse) => boolean): Promise<BrowserResponse> {
  let response = await send(jar, url);
  for (let hop = 0; hop < 20; hop += 1) {
    if (stopAt?.(response)) return response;
    const refresh = /<meta http-equiv="refresh" content="0;url=([^"]+)"/.exec(response.text)?.[1];
    const next = response.location ?? (refresh ? new URL(refresh.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code))), url).toString() : null);
    if (!next) return response;
    url = next;
    response = await send(jar, url);
  }
  throw new Error(`too many redirects from ${url}`);
}

/** The first form of a provider page: where it posts, and its hidden fields. */
export function readForm(page: BrowserResponse): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(page.text)?.[1];
  if (!action) throw new Error(`no form on ${page.url} (status ${page.status}): ${page.text.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const match of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[match[1] ?? ''] = match[2] ?? '';
  return { action: new URL(action.replace(/&amp;/g, '&'), page.url).toString(), fields };
}

export interface SignInResult {
  jar: CookieJar;
  /** The last page: the playground page reached after signing in, or /login saying why not. */
  page: BrowserResponse;
}

/**
 * Signs in at the playground through the provider's pages: Sign in, the provider's login form (any password), its
 * consent form, back through the callback. `cancel` presses the provider's Cancel link instead of logging in.
 */
export async function signInThroughProvider(appUrl: string, login: string, options: { next?: string; cancel?: boolean; jar?: CookieJar } = {}): Promise<SignInResult> {
  const jar = options.jar ?? new CookieJar();
  const onProvider = (response: BrowserResponse) => !response.url.startsWith(appUrl) && /<form/.test(response.text);
  let page = await browse(jar, `${appUrl}/api/auth/signin?next=${encodeURIComponent(options.next ?? '/')}`, onProvider);
  for (let step = 0; step < 4 && onProvider(page); step += 1) {
    if (options.cancel) {
      const abort = /<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(page.text)?.[1] ?? '';
      page = await browse(jar, new URL(abort.replace(/&amp;/g, '&'), page.url).toString(), onProvider);
      continue;
    }
    const form = readForm(page);
    const answers: Record<string, string> = form.fields.prompt === 'login' ? { login, password: 'any password' } : {};
    const posted = await send(jar, form.action, { form: { ...form.fields, ...answers } });
    page = posted.location ? await browse(jar, posted.location, onProvider) : posted;
  }
  return { jar, page };
}

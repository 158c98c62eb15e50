// Browser-side JSON fetch for our routes: the parsed body, or an Error carrying the envelope's message.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly param: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init?.headers }, cache: 'no-store' });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { message?: string; param?: string | null } } | null)?.error;
    throw new ApiError(error?.message ?? `The server answered ${response.status}.`, response.status, error?.param ?? null);
  }
  return body as T;
}

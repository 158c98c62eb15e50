// Every react-query key the browser uses, in one place; the session query is shared so its key has one result type.
import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from './client';

/** GET /api/session as the browser reads it. */
export interface SessionInfo {
  access_token_required: boolean;
  authenticated: boolean;
  allow_browser_keys: boolean;
  /** Where exported code should send requests: the remote gateway, or null for this playground's local gateway. */
  gateway_base_url: string | null;
  gateway_api_base: string | null;
}

export const queryKeys = {
  session: ['session'] as const,
  health: ['health'] as const,
  models: ['models'] as const,
  presets: ['presets'] as const,
  history: (search: string) => ['request-history', search] as const,
  jobs: ['jobs'] as const,
  jobList: (status: string, search: string) => ['jobs', status, search] as const,
  job: ['job'] as const,
  jobDetail: (responseId: string | null) => ['job', responseId] as const,
  captures: ['webhook-captures'] as const,
  capture: (captureId: string | null) => ['webhook-capture', captureId] as const,
  chainIndex: ['chains', 'index'] as const,
  chainIndexFor: (user: string | null) => ['chains', 'index', user] as const,
};

/** The one session query: the settings page and the code export read the same cached reply. */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: () => fetchJson<SessionInfo>('/api/session'),
  staleTime: 60_000,
});

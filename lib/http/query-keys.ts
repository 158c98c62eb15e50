// Every react-query key the browser uses, in one place; the session query is shared so its key has one result type.
import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from './client';

/** ON_BEHALF_OF_POLICY as it applies to this user: `self` sends `value` whatever the form says; `claim` allows only `allowed`. */
export interface OnBehalfOfRuleInfo {
  policy: 'free' | 'self' | 'claim';
  value: string | null;
  allowed: string[] | null;
  claim: string | null;
}

/** GET /api/session: what describeSession (lib/auth/session.ts) sends, checked against this type (`satisfies`), and what the browser reads. */
export interface SessionInfo {
  /** oidc: personal accounts; token: one shared access token; none: an open (loopback) playground. */
  sign_in: 'oidc' | 'token' | 'none';
  access_token_required: boolean;
  authenticated: boolean;
  user: { id: string; email: string | null; name: string | null; identity: string; is_admin: boolean } | null;
  on_behalf_of: OnBehalfOfRuleInfo;
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
  presetsIn: (view: string) => ['presets', view] as const,
  history: (search: string, view = 'mine') => ['request-history', search, view] as const,
  anyHistory: ['request-history'] as const,
  jobs: ['jobs'] as const,
  jobList: (status: string, search: string, view = 'mine') => ['jobs', status, search, view] as const,
  job: ['job'] as const,
  jobDetail: (responseId: string | null) => ['job', responseId] as const,
  captures: ['webhook-captures'] as const,
  capturesIn: (view: string) => ['webhook-captures', view] as const,
  capture: (captureId: string | null) => ['webhook-capture', captureId] as const,
  /** Every capture's deliveries (the prefix of `capture`). */
  anyCapture: ['webhook-capture'] as const,
  chainIndex: ['chains', 'index'] as const,
  chainIndexFor: (user: string | null, view = 'mine') => ['chains', 'index', user, view] as const,
  adminSessions: ['admin', 'sessions'] as const,
  adminAudit: (query: string) => ['admin', 'audit', query] as const,
  recordings: ['recordings'] as const,
  recordingList: (search: string, view = 'mine') => ['recordings', 'list', search, view] as const,
  recording: (id: string) => ['recordings', 'file', id] as const,
  grids: ['grids'] as const,
  /** Every list of grids (Mine, Team), the prefix of `gridList`. */
  gridLists: ['grids', 'list'] as const,
  gridList: (view: string) => ['grids', 'list', view] as const,
  grid: (id: string) => ['grids', id] as const,
  gridRuns: (id: string) => ['grids', id, 'runs'] as const,
  gridCell: (id: string, runId: string, variantIndex: number, rowIndex: number) => ['grids', id, 'runs', runId, 'cells', variantIndex, rowIndex] as const,
};

/** The one session query: the settings page and the code export read the same cached reply. */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: () => fetchJson<SessionInfo>('/api/session'),
  staleTime: 60_000,
});

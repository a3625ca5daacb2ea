import { API_KEY_SCOPES, DEFAULT_API_KEY_SCOPE, type ApiKeyScope } from '@printdeck/shared';
import { formatDateTime } from '../../lib/format-date';

export interface ApiKeyScopeInfo {
  scope: ApiKeyScope;
  color: string;
  /** i18n keys of the badge's label and its one-line description */
  labelKey: `apiKeys.scopes.${ApiKeyScope}.label`;
  descriptionKey: `apiKeys.scopes.${ApiKeyScope}.description`;
}

const SCOPE_COLORS: Record<ApiKeyScope, string> = {
  FULL_READ: 'gray',
  PRINT_TO_GROUP: 'blue',
  LIMITED_WRITE: 'grape',
};

export function getScopeInfo(scope: ApiKeyScope): ApiKeyScopeInfo {
  return {
    scope,
    color: SCOPE_COLORS[scope],
    labelKey: `apiKeys.scopes.${scope}.label`,
    descriptionKey: `apiKeys.scopes.${scope}.description`,
  };
}

/** The picker's order: the default first. */
export function listScopeInfos(): ApiKeyScopeInfo[] {
  const rest = API_KEY_SCOPES.filter((scope) => scope !== DEFAULT_API_KEY_SCOPE);
  return [DEFAULT_API_KEY_SCOPE, ...rest].map(getScopeInfo);
}

/** An empty name becomes the local date and time of creation (spec part 2 §5). */
export function resolveApiKeyName(name: string, now: Date): string {
  const trimmed = name.trim();
  if (trimmed) return trimmed;
  return formatDateTime(now);
}

/** The OctoPrint-compatible address a slicer uploads to. */
export function getSlicerAddress(origin: string, workspaceId: number): string {
  return `${origin}/slicer/${workspaceId}`;
}

import { API_KEY_ROUTE_POLICY } from '../modules/api-keys/api-key-policy.js';

/** How callers prove who they are (ARCHITECTURE §3, §4, §5). */
export const SECURITY_SCHEMES = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token of a signed-in session (POST /api/tokens/).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      "An API key in Authorization: Bearer. It acts for its owner within the key's scope.",
  },
  deviceKey: {
    type: 'http',
    scheme: 'bearer',
    description: "An agent's device key (POST /api/device_keys/).",
  },
  slicerApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: "An API key where OctoPrint's clients (slicers) send it.",
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

/**
 * The credentials an operation takes: none for public routes, the device key for agents' routes,
 * the slicer's key outside /api, and otherwise a session's access token, plus an API key where
 * the key policy lets keys call the route at all.
 */
export function securityOf(route: {
  method: string;
  url: string;
  isPublic: boolean;
}): SecurityRequirement[] {
  if (route.url.startsWith('/slicer/')) return [{ slicerApiKey: [] }];
  if (isDeviceRoute(route.url)) return [{ deviceKey: [] }];
  if (route.isPublic) return [];
  const policy = API_KEY_ROUTE_POLICY[`${route.method} ${route.url}`] ?? 'none';
  return policy === 'none' ? [{ accessToken: [] }] : [{ accessToken: [] }, { apiKey: [] }];
}

export function isDeviceRoute(url: string): boolean {
  return url.startsWith('/api/device/');
}

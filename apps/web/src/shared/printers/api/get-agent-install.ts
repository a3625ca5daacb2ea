import { AgentInstallInfoSchema, type AgentInstallInfo } from '@printdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

/** The server address and agent for the install command, and whether LAN mode is on. */
export function getAgentInstallInfo(signal?: AbortSignal): Promise<AgentInstallInfo> {
  return apiClient.request({
    path: apiPath('/agent/install/'),
    schema: AgentInstallInfoSchema,
    signal,
  });
}

export function useAgentInstallInfo() {
  return useQuery({
    queryKey: ['agent', 'install'],
    queryFn: ({ signal }) => getAgentInstallInfo(signal),
    staleTime: 5 * 60_000,
  });
}

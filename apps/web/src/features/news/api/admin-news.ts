import {
  AdminNewsSchema,
  type AdminNews,
  type AdminNewsCreate,
  type AdminNewsUpdate,
} from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { newsQueryKey } from './get-news';

const adminNewsQueryKey = ['admin', 'news'] as const;

export function getAdminNews(signal?: AbortSignal): Promise<AdminNews[]> {
  return apiClient.request({
    path: apiPath('/admin/news/'),
    schema: z.array(AdminNewsSchema),
    signal,
  });
}

export function createAdminNews(body: AdminNewsCreate): Promise<AdminNews> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/admin/news/'),
    body: body satisfies ApiRequestBody<'/admin/news/', 'post'>,
    schema: AdminNewsSchema,
  });
}

export function updateAdminNews(input: { id: number; body: AdminNewsUpdate }): Promise<AdminNews> {
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/admin/news/{id}/', { id: input.id }),
    body: input.body satisfies ApiRequestBody<'/admin/news/{id}/', 'patch'>,
    schema: AdminNewsSchema,
  });
}

export function deleteAdminNews(id: number): Promise<void> {
  return apiClient.request({ method: 'DELETE', path: apiPath('/admin/news/{id}/', { id }) });
}

export function useAdminNews() {
  return useQuery(
    queryOptions({ queryKey: adminNewsQueryKey, queryFn: ({ signal }) => getAdminNews(signal) }),
  );
}

/** Any change shows in the readers' list too. */
function useAdminNewsMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminNewsQueryKey }),
        queryClient.invalidateQueries({ queryKey: newsQueryKey }),
      ]),
    meta: INLINE_ERRORS,
  });
}

export const useCreateAdminNews = () => useAdminNewsMutation(createAdminNews);
export const useUpdateAdminNews = () => useAdminNewsMutation(updateAdminNews);
export const useDeleteAdminNews = () => useAdminNewsMutation(deleteAdminNews);

import {
  AdminNewsSchema,
  type AdminNews,
  type AdminNewsCreate,
  type AdminNewsUpdate,
} from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { newsQueryKey } from './get-news';

const adminNewsQueryKey = ['admin', 'news'] as const;

export function getAdminNews(signal?: AbortSignal): Promise<AdminNews[]> {
  return apiClient.request({ path: '/admin/news/', schema: z.array(AdminNewsSchema), signal });
}

export function createAdminNews(body: AdminNewsCreate): Promise<AdminNews> {
  return apiClient.request({ method: 'POST', path: '/admin/news/', body, schema: AdminNewsSchema });
}

export function updateAdminNews(input: { id: number; body: AdminNewsUpdate }): Promise<AdminNews> {
  return apiClient.request({
    method: 'PATCH',
    path: `/admin/news/${input.id}/`,
    body: input.body,
    schema: AdminNewsSchema,
  });
}

export function deleteAdminNews(id: number): Promise<void> {
  return apiClient.request({ method: 'DELETE', path: `/admin/news/${id}/` });
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

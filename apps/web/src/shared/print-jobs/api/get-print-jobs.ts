import { PrintJobPageSchema, type PrintJob } from '@printdeck/shared';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { nextPagePath } from '../../../api/next-page-path';

export type PrintJobPage = z.infer<typeof PrintJobPageSchema>;

/** Whose history: one file's, one printer's, or the whole workspace's. */
export type PrintJobFilter = { fileId: number } | { printerId: number } | Record<string, never>;

export const printJobsQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'print-jobs'] as const;

export const PRINT_JOBS_PAGE_SIZE = 10;

export function printJobsFirstPath(
  workspaceId: number,
  filter: PrintJobFilter,
  limit: number = PRINT_JOBS_PAGE_SIZE,
): string {
  const query = new URLSearchParams();
  if ('fileId' in filter) query.set('file_id', String(filter.fileId));
  if ('printerId' in filter) query.set('printer_id', String(filter.printerId));
  query.set('limit', String(limit));
  return `${apiPath('/groups/{g}/print-jobs/', { g: workspaceId })}?${query.toString()}`;
}

export function getPrintJobsPage(path: string, signal?: AbortSignal): Promise<PrintJobPage> {
  return apiClient.request({ path, schema: PrintJobPageSchema, signal });
}

/** The newest jobs first, paged by `next` (Load more). */
export function getPrintJobsQueryOptions(
  workspaceId: number,
  filter: PrintJobFilter,
  limit: number = PRINT_JOBS_PAGE_SIZE,
) {
  return infiniteQueryOptions({
    queryKey: [...printJobsQueryKey(workspaceId), filter, limit],
    queryFn: ({ pageParam, signal }) => getPrintJobsPage(pageParam, signal),
    initialPageParam: printJobsFirstPath(workspaceId, filter, limit),
    getNextPageParam: (last: PrintJobPage) => nextPagePath(last),
  });
}

export function usePrintJobs(workspaceId: number, filter: PrintJobFilter, limit?: number) {
  return useInfiniteQuery(getPrintJobsQueryOptions(workspaceId, filter, limit));
}

/** The printer's latest job, read fresh for Re-print. */
export async function getLatestPrintJob(
  workspaceId: number,
  printerId: number,
): Promise<PrintJob | null> {
  const page = await getPrintJobsPage(printJobsFirstPath(workspaceId, { printerId }, 1));
  return page.results[0] ?? null;
}

/** A print started: every history of the workspace reloads. */
export function invalidatePrintJobs(queryClient: QueryClient, workspaceId: number) {
  return queryClient.invalidateQueries({ queryKey: printJobsQueryKey(workspaceId) });
}

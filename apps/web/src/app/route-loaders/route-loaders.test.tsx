import { PRINT_QUEUE_PAGE_DEFAULT, PRINT_QUEUE_PRINTED_DEFAULT } from '@printdeck/shared';
import { screen } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../../../test-support/fake-api-server';
import { buildPrinter } from '../../../test-support/printer-fixtures';
import { buildWorkspace, renderRouteInApp } from '../../../test-support/render-in-app';
import { SettingsPrintersPage } from '../../features/printer-settings/components/SettingsPrintersPage';
import { SpoolDetailPage } from '../../features/spools/components/SpoolDetailPage';
import { saveSelectedWorkspaceId } from '../../session/selected-workspace';
import { getGcodesQueryOptions } from '../../shared/gcodes/api/get-gcodes';
import { parseGcodeFilter } from '../../shared/gcodes/model/gcode-filter';
import { printerQueryKey } from '../../shared/printers/api/get-printer';
import { printersQueryKey } from '../../shared/printers/api/get-printers';
import { printQueueQueryKey } from '../../features/print-queue/api/get-print-queue';
import { queryClient } from '../query-client';
import { startGcodesPage } from './files.loaders';
import { prefetchInWorkspace } from './prefetch-in-workspace';
import { startPrintQueuePage } from './print-queue.loader';
import { startPrinterList } from './printer-list.loader';
import { startPrinterPage } from './printer.loader';
import { startSpoolPage } from './spools.loaders';

// each as the router runs it (router.tsx: lazyDataPage)
const loadPrinterList = prefetchInWorkspace(startPrinterList);
const loadPrinterPage = prefetchInWorkspace(startPrinterPage);
const loadGcodesPage = prefetchInWorkspace(startGcodesPage);
const loadPrintQueuePage = prefetchInWorkspace(startPrintQueuePage);
const loadSpoolPage = prefetchInWorkspace(startSpoolPage);

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());
beforeEach(() => {
  queryClient.clear();
  saveSelectedWorkspaceId(3);
});

/** What React Router hands a loader when it opens `path` (`params`: the route's `:id`). */
function openedAt(path: string, params: Record<string, string> = {}): LoaderFunctionArgs {
  const url = new URL(path, window.location.href);
  return { request: new Request(url), url, params, pattern: '', context: undefined };
}

const pathOf = (url: string) => url.split('?')[0] ?? url;
const callsTo = (path: string) => api.calls.filter(({ url }) => pathOf(url) === path);

/** The API answers the workspace list (workspace 3 selected) and `answers` by path. */
function answer(answers: Record<string, unknown>, workspace = buildWorkspace({ id: 3 })) {
  api.answerWith(({ url }) => {
    if (url === '/api/users/me/groups/') return { status: 200, body: [workspace] };
    const path = pathOf(url);
    return path in answers ? { status: 200, body: answers[path] } : undefined;
  });
}

describe('route loaders', () => {
  it("load the selected workspace's printers into the query the Dashboard reads", async () => {
    const printer = buildPrinter({ id: 7 });
    answer({ '/api/groups/3/printers/': [printer] });
    expect(await loadPrinterList(openedAt('/'))).toBeNull();
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(printersQueryKey(3))).toEqual([printer]),
    );
  });

  it('load the printer the address names, and nothing for an id that names none', async () => {
    const printer = buildPrinter({ id: 7, group_id: 3 });
    answer({ '/api/printers/7/': printer });
    await loadPrinterPage(openedAt('/printers/7', { id: '7' }));
    await vi.waitFor(() => expect(queryClient.getQueryData(printerQueryKey(7))).toEqual(printer));

    await loadPrinterPage(openedAt('/printers/x', { id: 'x' }));
    expect(callsTo('/api/printers/0/')).toEqual([]);
    expect(api.calls.map(({ url }) => url)).toEqual(['/api/users/me/groups/', '/api/printers/7/']);
  });

  it('load the Gcodes list as the address filters it', async () => {
    const page = { count: 0, next: null, results: [], count_is_capped: false };
    answer({ '/api/groups/3/files/': page, '/api/groups/3/file-labels/': [] });
    await loadGcodesPage(openedAt('/gcodes?search=benchy'));
    const filter = parseGcodeFilter(new URLSearchParams('search=benchy'));
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(getGcodesQueryOptions(3, filter).queryKey)?.pages).toEqual([
        page,
      ]),
    );
    expect(callsTo('/api/groups/3/files/')[0]?.url).toContain('search=benchy');
  });

  it("start the print queue at the page's first length, and not for a member who may not print", async () => {
    const list = {
      results: [],
      queue_count: 0,
      queue_next: null,
      printed_count: 0,
      printed_next: null,
      archive_count: 0,
      archive_count_is_capped: false,
    };
    answer({ '/api/groups/3/print-queue/': list, '/api/groups/3/printers/': [] });
    await loadPrintQueuePage(openedAt('/print-queue'));
    // the key the page's usePrintQueue reads before any "Show more"
    const pageKey = [
      ...printQueueQueryKey(3),
      { queueLimit: PRINT_QUEUE_PAGE_DEFAULT, printedLimit: PRINT_QUEUE_PRINTED_DEFAULT },
    ];
    await vi.waitFor(() => expect(queryClient.getQueryState(pageKey)?.status).toBe('success'));

    queryClient.clear();
    const observer = buildWorkspace({ id: 3, me: { role: 'observer', permissions: [] } });
    answer({ '/api/groups/3/print-queue/': list, '/api/groups/3/printers/': [] }, observer);
    await loadPrintQueuePage(openedAt('/print-queue'));
    expect(api.calls.map(({ url }) => url)).toEqual(['/api/users/me/groups/']);
  });

  it('fill the cache the page reads: it renders their answer without asking again', async () => {
    const printers = (name: string) => ({
      '/api/groups/3/printers/': [buildPrinter({ id: 7, group_id: 3, name })],
      '/api/groups/3/device_keys/': [],
    });
    answer(printers('Mk4 left'));
    await loadPrinterList(openedAt('/settings/printers'));
    await vi.waitFor(() => expect(queryClient.getQueryData(printersQueryKey(3))).toBeDefined());
    // from here a request for the printers (a page key that drifted) shows the new name
    answer(printers('Mk4 renamed'));
    renderRouteInApp({
      route: {
        path: '/settings/printers',
        loader: loadPrinterList,
        Component: SettingsPrintersPage,
      },
      path: '/settings/printers',
      workspace: buildWorkspace({ id: 3 }),
    });
    expect(await screen.findByText('Mk4 left')).toBeTruthy();
    expect(callsTo('/api/groups/3/printers/')).toEqual([]);
  });

  it('leave a missing object to the page, which tells it in its own words', async () => {
    answer({});
    renderRouteInApp({
      route: { path: '/spools/:id', loader: loadSpoolPage, Component: SpoolDetailPage },
      path: '/spools/41',
      workspace: buildWorkspace({ id: 3 }),
    });
    expect(await screen.findByTestId('spool-missing')).toBeTruthy();
    expect(callsTo('/api/groups/3/spools/41/').length).toBeGreaterThanOrEqual(1);
    // the 404 is the page's to explain: no error modal
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

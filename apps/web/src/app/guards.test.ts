// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPrinter } from '../../test-support/printer-fixtures';
import { buildWorkspace } from '../../test-support/render-in-app';
import { startFakeApiServer, type FakeApiServer } from '../../test-support/fake-api-server';
import { saveSelectedWorkspaceId } from '../session/selected-workspace';
import { printersQueryKey } from '../shared/printers/api/get-printers';
import { prefetchDashboard } from './guards';
import { queryClient } from './query-client';

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

describe("the Dashboard's route loader", () => {
  it("loads the selected workspace's printers into the query the page reads", async () => {
    const printer = buildPrinter({ id: 7 });
    api.answerWith(({ url }) => {
      if (url === '/api/users/me/groups/')
        return { status: 200, body: [buildWorkspace({ id: 3 })] };
      if (url === '/api/groups/3/printers/') return { status: 200, body: [printer] };
      return undefined;
    });
    saveSelectedWorkspaceId(3);
    expect(await prefetchDashboard()).toBeNull();
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(printersQueryKey(3))).toEqual([printer]),
    );
  });
});

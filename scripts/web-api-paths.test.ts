import { describe, expect, it } from 'vitest';
import { collectHandWrittenPaths, findHandWrittenPaths } from './web-api-paths.mjs';

const texts = (source: string) =>
  findHandWrittenPaths('x.ts', source).map((hit: { text: string }) => hit.text);

describe('the API paths of the web app', () => {
  it('are all built through the generated contract', () => {
    const { found, files } = collectHandWrittenPaths();
    expect(files).toBeGreaterThan(100);
    expect(found).toEqual([]);
  }, 60_000); // parses every API file: slow on a busy machine
});

describe('a hand-written API path', () => {
  it('is found as a string, a template and a template built in a helper', () => {
    expect(
      texts(`
        apiClient.request({ path: '/users/me/' });
        apiClient.request({ path: \`/groups/\${id}/files/\${fileId}/\` });
        const base = (id: number) => \`/groups/\${id}/webhooks/\`;
        const health = '/health';
      `),
    ).toEqual([
      "'/users/me/'",
      '`/groups/${id}/files/${fileId}/`',
      '`/groups/${id}/webhooks/`',
      "'/health'",
    ]);
  });

  it('is not the template of apiPath, a type argument, a query or a file of the site', () => {
    expect(
      texts(`
        apiClient.request({ path: apiPath('/groups/{g}/files/', { g: 1 }), body: b satisfies ApiRequestBody<'/groups/{g}/files/', 'post'> });
        const path = \`\${apiPath('/groups/{g}/stats/', { g })}?\${query}\`;
        const led = apiPath(\`/printers/{id}/spectoda/\${setting}/\`, { id });
        navigator.serviceWorker.register('/push-sw.js');
        const rest = next.slice(1) + '/';
      `),
    ).toEqual([]);
  });
});

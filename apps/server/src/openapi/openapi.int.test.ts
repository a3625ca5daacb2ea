import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_ROUTE_POLICY } from '../modules/api-keys/api-key-policy.js';
import { buildOpenApiDocument } from './openapi-document.js';

interface Operation {
  key: string;
  path: string;
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}

interface Document {
  paths: Record<string, Record<string, Omit<Operation, 'key' | 'path'>>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
    securitySchemes: Record<string, unknown>;
  };
}

let document: Document;
let operations: Operation[];
const find = (key: string) => operations.find((operation) => operation.key === key)!;
/** `/api/printers/{id}/` back to the route's own form, `/api/printers/:id/` */
const toRouteUrl = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

beforeAll(async () => {
  document = (await buildOpenApiDocument()) as unknown as Document;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      ...operation,
    })),
  );
});

describe('the OpenAPI contract', () => {
  it('is a valid OpenAPI 3.0 document whose references all resolve', async () => {
    const config = await createConfig({
      rules: { struct: 'error', 'no-unresolved-refs': 'error', 'security-defined': 'error' },
    });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: '/openapi.json',
      config,
    });
    expect(problems.map((p) => `${p.location[0]?.pointer ?? ''}: ${p.message}`)).toEqual([]);
  });

  it('says why video_state names more values than the spec, where a reader of the API looks', () => {
    expect(JSON.stringify(document.components.schemas.PrintJob ?? {})).toContain(
      'The spec names RECORDING, ANALYZING and null',
    );
  });

  it('names every operation once', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map((operation) => operation.operationId);
    expect(operations.filter((operation) => !operation.operationId).map((o) => o.key)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(find('POST /api/printers/{id}/files/').operationId).toBe('postPrintersByIdFiles');
  });

  it('declares the credential of every operation: public ones none, keys only where allowed', () => {
    expect(operations.filter((operation) => !operation.security).map((o) => o.key)).toEqual([]);
    expect(find('POST /api/tokens/').security).toEqual([]);
    expect(find('GET /api/files/{id}/content/').security).toEqual([]);
    expect(find('PATCH /api/users/me/').security).toEqual([{ accessToken: [] }]);
    expect(find('GET /api/groups/{g}/printers/').security).toEqual([
      { accessToken: [] },
      { apiKey: [] },
    ]);
    expect(find('POST /api/device/timelapse/frames/').security).toEqual([{ deviceKey: [] }]);
    expect(find('GET /slicer/{groupId}/api/version').security).toEqual([{ slicerApiKey: [] }]);
    for (const operation of operations) {
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      for (const scheme of schemes)
        expect(document.components.securitySchemes).toHaveProperty(scheme);
      if (!operation.path.startsWith('/api/') || operation.path.startsWith('/api/device/'))
        continue;
      const policy =
        API_KEY_ROUTE_POLICY[`${operation.key.split(' ')[0]} ${toRouteUrl(operation.path)}`];
      const takesKey = policy !== undefined && policy !== 'none';
      expect(schemes.includes('apiKey'), operation.key).toBe(takesKey);
    }
  });

  it('declares the errors of every operation, each with the one shared error body', () => {
    const errorBody = '#/components/schemas/ErrorBody';
    for (const response of Object.values(document.components.responses)) {
      expect(response.content['application/json']?.schema.$ref).toBe(errorBody);
    }
    for (const operation of operations) {
      const errors = Object.entries(operation.responses).filter(
        ([status]) => Number(status) >= 400,
      );
      expect(errors.length, operation.key).toBeGreaterThan(0);
      expect(operation.responses['500'], operation.key).toBeDefined();
      for (const [status, response] of errors) {
        const isOctoPrintShaped =
          operation.path.startsWith('/slicer/') &&
          JSON.stringify(response.content?.['application/json']?.schema) ===
            JSON.stringify({ $ref: '#/components/schemas/OctoPrintError' });
        if (isOctoPrintShaped) continue;
        expect(response.$ref, `${operation.key} ${status}`).toMatch(/^#\/components\/responses\//);
      }
    }
    // no inline copy of the error body anywhere else
    const { ErrorBody: _errorBody, ...otherSchemas } = document.components.schemas;
    const inline = JSON.stringify([document.paths, otherSchemas]).match(
      /"properties":\{"code":\{"type":"string"\},"message":\{"type":"string"\}/g,
    );
    expect(inline).toBeNull();
  });

  it('gives each route the errors of its kind', () => {
    const statuses = (key: string) => Object.keys(find(key).responses).sort();
    // signed-in write with a body on an object: validation, sign-in, scope, not found,
    // idempotency, size and type, rate of wrong keys, maintenance
    expect(statuses('PATCH /api/printers/{id}/')).toEqual(
      ['200', '400', '401', '403', '404', '409', '413', '415', '422', '500', '503'].sort(),
    );
    expect(statuses('GET /api/health')).toEqual(['200', '500']);
    expect(statuses('POST /api/printers/{id}/pause/')).toEqual(
      expect.arrayContaining(['408', '409', '429']),
    );
    expect(statuses('POST /api/tokens/')).toEqual(expect.arrayContaining(['400', '401', '429']));
  });

  it('refers to the shared component schemas instead of copying them', () => {
    const json = (key: string, status: string) =>
      find(key).responses[status]!.content!['application/json']!.schema;
    expect(json('GET /api/printers/{id}/', '200')).toEqual({
      $ref: '#/components/schemas/Printer',
    });
    expect(json('GET /api/groups/{g}/printers/', '200')).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Printer' },
    });
    expect(json('GET /api/groups/{g}/files/', '200')).toEqual({
      $ref: '#/components/schemas/GcodePage',
    });
    expect(document.components.schemas.Gcode).toBeDefined();
    expect(JSON.stringify(document.components.schemas.GcodePage)).toContain(
      '#/components/schemas/Gcode',
    );
  });

  it('describes the upload as a multipart form with its file and fields', () => {
    const upload = find('POST /api/groups/{g}/files/').requestBody!.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(upload['multipart/form-data']!.schema).toMatchObject({
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary' },
        name: { type: 'string' },
        note: { type: 'string' },
      },
    });
    const avatar = find('PATCH /api/users/me/groups/{id}/').requestBody!.content;
    expect(Object.keys(avatar).sort()).toEqual(['application/json', 'multipart/form-data']);
  });

  it('documents each printer control action with its own body', () => {
    const move = find('POST /api/printers/{id}/move_head/').requestBody!.content;
    const body = move['application/json']!.schema as {
      properties: object;
      additionalProperties: boolean;
    };
    expect(Object.keys(body.properties).sort()).toEqual([
      'absolute',
      'action',
      'printerId',
      'x',
      'y',
      'z',
    ]);
    expect(body.additionalProperties).toBe(false);
  });
});

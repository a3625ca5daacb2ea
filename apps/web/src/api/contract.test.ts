import type { Gcode, Printer, PrinterDeviceState, PrintJob } from '@printdeck/shared';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiPath, type ApiRequestBody, type ApiResponseBody, type ApiSchema } from './contract';

describe('the generated API contract', () => {
  it('fills in the parameters of a path the server has', () => {
    expect(apiPath('/printers/{id}/led/', { id: 12 })).toBe('/printers/12/led/');
    expect(apiPath('/groups/{g}/files/{id}/', { g: 3, id: 'a b' })).toBe('/groups/3/files/a%20b/');
    expect(apiPath('/printers/')).toBe('/printers/');
    // @ts-expect-error: the server has no such path
    expect(apiPath('/printer/{id}/', { id: 1 })).toBe('/printer/1/');
    // @ts-expect-error: the path needs its id
    expect(() => apiPath('/printers/{id}/', {})).toThrow('needs id');
  });

  it('agrees with the shared schemas the web app parses answers with', () => {
    expectTypeOf<ApiSchema<'Printer'>>().toEqualTypeOf<Printer>();
    expectTypeOf<ApiSchema<'Gcode'>>().toEqualTypeOf<Gcode>();
    expectTypeOf<ApiSchema<'PrintJob'>>().toEqualTypeOf<PrintJob>();
    expectTypeOf<ApiResponseBody<'/printers/{id}/', 'get'>>().toEqualTypeOf<Printer>();
    expectTypeOf<ApiResponseBody<'/groups/{g}/devices-states/', 'get'>>().toMatchTypeOf<
      PrinterDeviceState[]
    >();
    expectTypeOf<ApiRequestBody<'/printers/{id}/files/start', 'post'>>().toEqualTypeOf<{
      path: string;
    }>();
  });
});

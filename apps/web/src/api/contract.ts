import type { components, paths } from './generated/openapi';

/**
 * The types of the API contract, generated from the server's routes (`npm run api:generate`):
 * paths below the API base with their bodies. Runtime parsing stays with the shared zod schemas;
 * these check at compile time that a path exists and a body has the server's shape.
 */
type ApiPaths = {
  [P in keyof paths as P extends `/api${infer Below}` ? Below : never]: paths[P];
};

/** A path of the API below its base, as the contract writes it: `/printers/{id}/led/`. */
export type ApiPathTemplate = keyof ApiPaths;

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';

type Operation<P extends ApiPathTemplate, M extends Method> = ApiPaths[P][M];

/** The JSON body an operation takes. */
export type ApiRequestBody<P extends ApiPathTemplate, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body
    : never;

/** The JSON body an operation answers with on success. */
export type ApiResponseBody<P extends ApiPathTemplate, M extends Method> =
  Operation<P, M> extends { responses: infer Responses }
    ? {
        [S in keyof Responses]: S extends 200 | 201 | 202
          ? Responses[S] extends { content: { 'application/json': infer Body } }
            ? Body
            : never
          : never;
      }[keyof Responses]
    : never;

/** A body the API names once in the contract (components/schemas), e.g. `ApiSchema<'Printer'>`. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

type PathParamName<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

type PathParamsArgs<T extends string> = [PathParamName<T>] extends [never]
  ? []
  : [params: Record<PathParamName<T>, string | number>];

/**
 * A path of the contract with its parameters filled in (each URI-encoded), for `apiClient`: a path
 * the server does not have, or a missing parameter, fails the type check.
 */
export function apiPath<T extends ApiPathTemplate>(
  template: T,
  ...args: PathParamsArgs<T>
): string {
  const params = (args[0] ?? {}) as Record<string, string | number>;
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: ${template} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

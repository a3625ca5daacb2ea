import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, FieldErrors } from '@printdeck/shared';
import type { ErrorReporter } from '../observability/error-reporter.js';
import { AppError } from './app-error.js';

interface ZodIssueLike {
  path?: PropertyKey[];
  message: string;
  code?: string;
  keys?: string[];
}

/**
 * Field path (dotted) → reasons. Unknown keys are reported under their own name, which the
 * client chose: `toString` or `__proto__` must stay plain keys (issue 23 fuzz: a body with a
 * `valueOf` field was a 500), so the reasons gather in a Map first.
 */
export function toFieldErrors(issues: ZodIssueLike[], prefix = ''): FieldErrors {
  const fields = new Map<string, string[]>();
  const add = (path: string, message: string) => {
    const key = [prefix, path].filter(Boolean).join('.') || '(body)';
    const reasons = fields.get(key);
    if (reasons) reasons.push(message);
    else fields.set(key, [message]);
  };
  for (const issue of issues) {
    const path = (issue.path ?? []).map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add([path, key].filter(Boolean).join('.'), 'Unknown field.');
    } else {
      add(path, issue.message);
    }
  }
  return Object.fromEntries(fields);
}

function describe(fields: FieldErrors): string {
  const [field, reasons] = Object.entries(fields)[0] ?? ['(body)', ['Invalid value.']];
  return `Validation error: ${field} - ${reasons[0]}`;
}

function send(
  reply: FastifyReply,
  status: number,
  body: ErrorBody,
  headers?: Record<string, string>,
) {
  if (headers) void reply.headers(headers);
  return reply.status(status).send(body);
}

/**
 * Maps every error to ARCHITECTURE §3's body; 5xx bodies are generic and never carry a stack.
 * Only the unexpected ones are reported: answers the product gives on purpose (4xx, 408, the
 * maintenance 503) are not errors of the server.
 */
export function registerErrorHandler(app: FastifyInstance, reporter: ErrorReporter): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(
        reply,
        error.status,
        {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
        error.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const fields = toFieldErrors(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'Invalid value.',
          code: v.keyword,
          keys: (v.params as { keys?: string[] }).keys,
        })),
        part === 'body' ? '' : part,
      );
      return send(reply, 400, {
        code: 'validation_error',
        message: describe(fields),
        details: fields,
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, {
          code: 'payload_too_large',
          message: 'The request body is too large.',
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, {
          code: 'unsupported_media_type',
          message: 'Unsupported content type.',
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, 400, {
          code: 'invalid_json',
          message: 'The request body is not valid JSON.',
        });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return send(reply, 400, {
        code: 'invalid_json',
        message: 'The request body is not valid JSON.',
      });
    }
    if (error.statusCode === 413) {
      return send(reply, 413, {
        code: 'payload_too_large',
        message: 'The request body is too large.',
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    reporter.report(error, {
      requestId: request.id,
      method: request.method,
      route: request.routeOptions.url,
    });
    return send(reply, 500, {
      code: 'internal_error',
      message: `Something went wrong on our side. Request id: ${request.id}`,
    });
  });
}

import { z } from 'zod';
import {
  AdminNewsSchema,
  ApiKeySchema,
  DeviceKeyInfoSchema,
  ErrorBodySchema,
  FileLabelSchema,
  GcodePageSchema,
  GcodeSchema,
  HealthSchema,
  MemberSchema,
  MyInvitationSchema,
  NewsItemSchema,
  NotificationSettingsSchema,
  OctoPrintErrorSchema,
  PendingInvitationSchema,
  PreviewImageSchema,
  PrinterDeviceStateSchema,
  PrinterGroupSchema,
  PrinterSchema,
  PrintJobPageSchema,
  PrintJobSchema,
  PrintQueueItemSchema,
  SessionSchema,
  StatesStreamEventSchema,
  TokenPairSchema,
  UserSchema,
  VideoPageSchema,
  VideoSchema,
  WorkspaceSchema,
} from '@printdeck/shared';

/**
 * The bodies that recur across the API, each named once: the OpenAPI document lists them under
 * components/schemas and every route that uses one refers to it (`$ref`), so a generated
 * client has one type per noun. A schema used as a request body is named `<Name>Input`.
 */
const COMPONENTS: ReadonlyArray<readonly [z.ZodType, string]> = [
  [ErrorBodySchema, 'ErrorBody'],
  [OctoPrintErrorSchema, 'OctoPrintError'],
  [HealthSchema, 'Health'],
  [TokenPairSchema, 'TokenPair'],
  [SessionSchema, 'Session'],
  [UserSchema, 'User'],
  [WorkspaceSchema, 'Workspace'],
  [MemberSchema, 'Member'],
  [PendingInvitationSchema, 'PendingInvitation'],
  [MyInvitationSchema, 'MyInvitation'],
  [ApiKeySchema, 'ApiKey'],
  [NotificationSettingsSchema, 'NotificationSettings'],
  [NewsItemSchema, 'NewsItem'],
  [AdminNewsSchema, 'AdminNews'],
  [PrinterSchema, 'Printer'],
  [PrinterDeviceStateSchema, 'PrinterDeviceState'],
  [StatesStreamEventSchema, 'PrinterStatesStreamEvent'],
  [PrinterGroupSchema, 'PrinterGroup'],
  [DeviceKeyInfoSchema, 'DeviceKeyInfo'],
  [GcodeSchema, 'Gcode'],
  [GcodePageSchema, 'GcodePage'],
  [PreviewImageSchema, 'PreviewImage'],
  [FileLabelSchema, 'FileLabel'],
  [PrintJobSchema, 'PrintJob'],
  [PrintJobPageSchema, 'PrintJobPage'],
  [PrintQueueItemSchema, 'PrintQueueItem'],
  [VideoSchema, 'Video'],
  [VideoPageSchema, 'VideoPage'],
];

export const apiSchemaRegistry = z.registry<{ id: string }>();
for (const [schema, id] of COMPONENTS) apiSchemaRegistry.add(schema, { id });

export const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

type JsonValue = unknown;

function collectRefs(value: JsonValue, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') into.add(item.split('/').pop()!);
      else collectRefs(item, into);
    }
  }
}

/**
 * Every registered schema comes out twice (as read and as written); keeps only those that the
 * operations refer to, directly or through another component.
 */
export function pruneUnusedComponents<T>(
  paths: JsonValue,
  schemas: Record<string, T>,
): Record<string, T> {
  const used = new Set<string>();
  collectRefs(paths, used);
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop()!;
    const found = new Set<string>();
    collectRefs(schemas[name], found);
    for (const next of found) {
      if (!used.has(next)) {
        used.add(next);
        pending.push(next);
      }
    }
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { PERMISSIONS, ROLES } from '../permissions.js';

export const RoleSchema = z.enum(ROLES);
export const PermissionSchema = z.enum(PERMISSIONS);

export const WorkspaceNameSchema = z
  .string()
  .trim()
  .min(LIMITS.workspaceNameMin, 'Workspace name is not valid.')
  .max(LIMITS.workspaceNameMax, 'Workspace name is not valid.');

export const WebsiteUrlSchema = z
  .string()
  .trim()
  .min(LIMITS.websiteUrlMin, 'Public website URL is not valid.')
  .max(LIMITS.websiteUrlMax, 'Public website URL is not valid.')
  .pipe(z.url({ protocol: /^https?$/, error: 'Public website URL is not valid.' }));

/** A workspace as the signed-in member sees it (spec part 2 §3 "Workspace (group)"). */
export const WorkspaceSchema = z.object({
  id: z.number().int(),
  uniqueId: z.string(),
  name: z.string(),
  public_description: z.string(),
  public_website_url: z.string().nullable(),
  is_public: z.boolean(),
  avatar: z.string().nullable(),
  created_on: z.string(),
  users_count: z.number().int(),
  printers_count: z.number().int(),
  gcodes_count: z.number().int(),
  videos_count: z.number().int(),
  settings: z.object({
    print_queue_enabled: z.boolean(),
    /** queue items without a printer go to the next free compatible printer */
    queue_dispatch_enabled: z.boolean(),
    /** staggered start (issue 26): at most this many printers heating at once; null: no limit */
    stagger_max_heating: z.number().int().nullable(),
    /** staggered start: at least this many seconds between two automatic starts; null: none */
    stagger_interval_s: z.number().int().nullable(),
    /** cost per print (issue 26): price of a kWh, machine-hour rate, currency; null: not set */
    energy_price_kwh: z.number().nullable(),
    machine_hour_rate: z.number().nullable(),
    currency: z.string().nullable(),
  }),
  me: z.object({ role: RoleSchema, permissions: z.array(PermissionSchema) }),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

/** Staggered start limits (issue 26): a farm of thousands at most; at most an hour apart. */
export const STAGGER_LIMITS = { maxHeating: 10_000, intervalMaxS: 3600 } as const;

/** Cost settings (issue 26): anything above these is a typing mistake, not a price. */
export const COST_LIMITS = {
  energyPriceKwhMax: 100,
  machineHourRateMax: 10_000,
  averagePowerWMax: 10_000,
  costPerKgMax: 100_000,
} as const;

/** An ISO 4217 code such as EUR, CZK, USD. */
export const CurrencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, such as EUR or CZK.');

export const WorkspaceListSchema = z.array(WorkspaceSchema);

const WorkspaceDescriptionSchema = z.string().max(LIMITS.workspaceDescriptionMax);
const WorkspaceWebsiteSchema = z.union([
  WebsiteUrlSchema,
  z.literal('').transform(() => null),
  z.null(),
]);

/** The create form (spec part 2 §2.10): a name, and optionally the description and website. */
export const WorkspaceCreateSchema = z.strictObject({
  name: WorkspaceNameSchema,
  public_description: WorkspaceDescriptionSchema.optional(),
  public_website_url: WorkspaceWebsiteSchema.optional(),
});
export type WorkspaceCreate = z.infer<typeof WorkspaceCreateSchema>;

export const WorkspaceUpdateSchema = z
  .strictObject({
    name: WorkspaceNameSchema,
    is_public: z.boolean(),
    public_description: WorkspaceDescriptionSchema,
    public_website_url: WorkspaceWebsiteSchema,
    settings: z
      .strictObject({
        print_queue_enabled: z.boolean(),
        queue_dispatch_enabled: z.boolean(),
        stagger_max_heating: z
          .number()
          .int('Printers heating at once is a whole number.')
          .min(1, 'At least 1 printer must be allowed to heat.')
          .max(STAGGER_LIMITS.maxHeating)
          .nullable(),
        stagger_interval_s: z
          .number()
          .int('Seconds between starts is a whole number.')
          .min(1, 'Seconds between starts is at least 1.')
          .max(STAGGER_LIMITS.intervalMaxS, 'At most one hour between starts.')
          .nullable(),
        energy_price_kwh: z
          .number({ error: 'The price of a kWh is a number.' })
          .min(0, 'The price of a kWh cannot be negative.')
          .max(COST_LIMITS.energyPriceKwhMax, `At most ${COST_LIMITS.energyPriceKwhMax} per kWh.`)
          .nullable(),
        machine_hour_rate: z
          .number({ error: 'The machine-hour rate is a number.' })
          .min(0, 'The machine-hour rate cannot be negative.')
          .max(
            COST_LIMITS.machineHourRateMax,
            `At most ${COST_LIMITS.machineHourRateMax.toLocaleString('en')} per hour.`,
          )
          .nullable(),
        currency: CurrencySchema.nullable(),
      })
      .partial(),
  })
  .partial();
export type WorkspaceUpdate = z.infer<typeof WorkspaceUpdateSchema>;

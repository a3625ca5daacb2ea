import {
  LIMITS,
  WebsiteUrlSchema,
  WorkspaceNameSchema,
  type Workspace,
  type WorkspaceCreate,
  type WorkspaceUpdate,
} from '@printdeck/shared';

export interface WorkspaceFormValues {
  name: string;
  description: string;
  websiteUrl: string;
  isPublic: boolean;
  isPrintQueueEnabled: boolean;
  isQueueDispatchEnabled: boolean;
  /** staggered start (issue 26): empty for no limit */
  staggerMaxHeating: number | null;
  staggerIntervalS: number | null;
  /** cost per print (issue 26): empty for not set */
  energyPriceKwh: number | null;
  machineHourRate: number | null;
  currency: string;
}

export type WorkspaceFormErrors = Partial<Record<'name' | 'description' | 'websiteUrl', 'invalid'>>;

export function toWorkspaceFormValues(workspace: Workspace): WorkspaceFormValues {
  return {
    name: workspace.name,
    description: workspace.public_description,
    websiteUrl: workspace.public_website_url ?? '',
    isPublic: workspace.is_public,
    isPrintQueueEnabled: workspace.settings.print_queue_enabled,
    isQueueDispatchEnabled: workspace.settings.queue_dispatch_enabled,
    staggerMaxHeating: workspace.settings.stagger_max_heating,
    staggerIntervalS: workspace.settings.stagger_interval_s,
    energyPriceKwh: workspace.settings.energy_price_kwh,
    machineHourRate: workspace.settings.machine_hour_rate,
    currency: workspace.settings.currency ?? '',
  };
}

/** The create form starts empty (spec part 2 §2.10: name, description, website). */
export const EMPTY_WORKSPACE_FORM: WorkspaceFormValues = {
  name: '',
  description: '',
  websiteUrl: '',
  isPublic: false,
  isPrintQueueEnabled: false,
  isQueueDispatchEnabled: false,
  staggerMaxHeating: null,
  staggerIntervalS: null,
  energyPriceKwh: null,
  machineHourRate: null,
  currency: '',
};

export function toWorkspaceCreate(values: WorkspaceFormValues): WorkspaceCreate {
  return {
    name: values.name.trim(),
    public_description: values.description,
    public_website_url: values.websiteUrl.trim() || null,
  };
}

/** The spec's bounds (name 1–30, description ≤ 30000, URL 10–150 and valid, '' clears it). */
export function validateWorkspaceForm(values: WorkspaceFormValues): WorkspaceFormErrors {
  const errors: WorkspaceFormErrors = {};
  if (!WorkspaceNameSchema.safeParse(values.name).success) errors.name = 'invalid';
  if (values.description.length > LIMITS.workspaceDescriptionMax) errors.description = 'invalid';
  const url = values.websiteUrl.trim();
  if (url && !WebsiteUrlSchema.safeParse(url).success) errors.websiteUrl = 'invalid';
  return errors;
}

export function toWorkspaceUpdate(values: WorkspaceFormValues): WorkspaceUpdate {
  return {
    name: values.name.trim(),
    public_description: values.description,
    public_website_url: values.websiteUrl.trim() || null,
    is_public: values.isPublic,
    settings: {
      print_queue_enabled: values.isPrintQueueEnabled,
      queue_dispatch_enabled: values.isQueueDispatchEnabled,
      stagger_max_heating: values.staggerMaxHeating,
      stagger_interval_s: values.staggerIntervalS,
      energy_price_kwh: values.energyPriceKwh,
      machine_hour_rate: values.machineHourRate,
      currency: values.currency.trim() || null,
    },
  };
}

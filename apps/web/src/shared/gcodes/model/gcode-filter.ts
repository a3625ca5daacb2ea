import {
  GCODE_ORDERING_DEFAULT,
  GCODE_ORDERINGS,
  LIMITS,
  UNCATEGORIZED,
  type GcodeOrdering,
} from '@printdeck/shared';
import type { LabelSelection } from '../../file-labels/model/label-selection';

/**
 * The list's filter as the Gcodes route carries it (spec §2.1): `labels` holds label ids
 * separated by commas, or UNCATEGORIZED for files without a label; `search` the text;
 * `ordering` the sort (kept in the address, so a reload keeps it).
 */
export interface GcodeFilter {
  labelIds: number[];
  isUncategorized: boolean;
  search: string;
  ordering: GcodeOrdering;
}

export const NO_FILTER: GcodeFilter = {
  labelIds: [],
  isUncategorized: false,
  search: '',
  ordering: GCODE_ORDERING_DEFAULT,
};

function parseOrdering(value: string | null): GcodeOrdering {
  return GCODE_ORDERINGS.find((ordering) => ordering === value) ?? GCODE_ORDERING_DEFAULT;
}

/** Search text as the list sends it: trimmed, at most 100 characters. */
export function cleanSearch(text: string): string {
  return text.trim().slice(0, LIMITS.searchTextMax).trim();
}

export function parseGcodeFilter(params: URLSearchParams): GcodeFilter {
  const labels = params.get('labels') ?? '';
  const isUncategorized = labels === UNCATEGORIZED;
  const labelIds = isUncategorized
    ? []
    : [...new Set(labels.split(',').filter((part) => /^[1-9]\d{0,14}$/.test(part)))].map(Number);
  return {
    labelIds,
    isUncategorized,
    search: cleanSearch(params.get('search') ?? ''),
    ordering: parseOrdering(params.get('ordering')),
  };
}

export function isFiltered(filter: GcodeFilter): boolean {
  return filter.isUncategorized || filter.labelIds.length > 0 || filter.search !== '';
}

/** The route's query for a filter; an empty filter is the bare /gcodes. */
export function toSearchParams(filter: GcodeFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.isUncategorized) params.set('labels', UNCATEGORIZED);
  else if (filter.labelIds.length > 0) params.set('labels', filter.labelIds.join(','));
  if (filter.search) params.set('search', filter.search);
  if (filter.ordering !== GCODE_ORDERING_DEFAULT) params.set('ordering', filter.ordering);
  return params;
}

/** The list call's query (GET /groups/{g}/files/): noLabels=true stands for UNCATEGORIZED. */
export function toListQuery(filter: GcodeFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.isUncategorized) query.noLabels = 'true';
  else if (filter.labelIds.length > 0) query.labels = filter.labelIds.join(',');
  if (filter.search) query.search = filter.search;
  if (filter.ordering !== GCODE_ORDERING_DEFAULT) query.ordering = filter.ordering;
  return query;
}

export function selectLabel(filter: GcodeFilter, selection: LabelSelection): GcodeFilter {
  return {
    ...filter,
    isUncategorized: selection.kind === 'uncategorized',
    labelIds: selection.kind === 'label' ? [selection.id] : [],
  };
}

export function isLabelSelected(filter: GcodeFilter, selection: LabelSelection): boolean {
  if (selection.kind === 'uncategorized') return filter.isUncategorized;
  if (selection.kind === 'label') return filter.labelIds.includes(selection.id);
  return !filter.isUncategorized && filter.labelIds.length === 0;
}

/** One removable chip of the active filter. */
export type FilterChip =
  | { kind: 'label'; id: number; name: string }
  | { kind: 'uncategorized' }
  | { kind: 'search'; text: string };

/** The chips, with label names from the workspace's labels (an unknown id shows its number). */
export function getFilterChips(filter: GcodeFilter, labelNames: Map<number, string>): FilterChip[] {
  const chips: FilterChip[] = filter.isUncategorized
    ? [{ kind: 'uncategorized' }]
    : filter.labelIds.map((id) => ({ kind: 'label', id, name: labelNames.get(id) ?? `#${id}` }));
  if (filter.search) chips.push({ kind: 'search', text: filter.search });
  return chips;
}

export function removeChip(filter: GcodeFilter, chip: FilterChip): GcodeFilter {
  if (chip.kind === 'search') return { ...filter, search: '' };
  if (chip.kind === 'uncategorized') return { ...filter, isUncategorized: false };
  return { ...filter, labelIds: filter.labelIds.filter((id) => id !== chip.id) };
}

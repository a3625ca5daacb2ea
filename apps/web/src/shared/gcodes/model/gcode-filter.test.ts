import { describe, expect, it } from 'vitest';
import {
  NO_FILTER,
  cleanSearch,
  getFilterChips,
  isFiltered,
  isLabelSelected,
  parseGcodeFilter,
  removeChip,
  selectLabel,
  toListQuery,
  toSearchParams,
} from './gcode-filter';

const parse = (query: string) => parseGcodeFilter(new URLSearchParams(query));

describe('parseGcodeFilter', () => {
  it('reads label ids and the search text', () => {
    expect(parse('labels=3,12&search=%20gear%20')).toEqual({
      labelIds: [3, 12],
      isUncategorized: false,
      search: 'gear',
      ordering: '-uploaded_on',
    });
  });

  it('reads the ordering, and the default for anything it does not know', () => {
    expect(parse('ordering=-size').ordering).toBe('-size');
    expect(parse('ordering=name').ordering).toBe('name');
    expect(parse('ordering=colour').ordering).toBe('-uploaded_on');
  });

  it('keeps a non-default ordering in the address and in the list call, the default in neither', () => {
    const byName = { ...NO_FILTER, ordering: 'name' as const };
    expect(toSearchParams(byName).toString()).toBe('ordering=name');
    expect(toListQuery(byName)).toEqual({ ordering: 'name' });
    expect(parseGcodeFilter(toSearchParams(byName))).toEqual(byName);
    expect(selectLabel(byName, { kind: 'uncategorized' }).ordering).toBe('name');
  });

  it('reads UNCATEGORIZED as "No label"', () => {
    expect(parse('labels=UNCATEGORIZED')).toEqual({ ...NO_FILTER, isUncategorized: true });
  });

  it('drops what is not a label id, and repeated ids', () => {
    expect(parse('labels=3,x,-1,0,3,,7').labelIds).toEqual([3, 7]);
  });

  it('cuts the search to 100 characters', () => {
    expect(parse(`search=${'a'.repeat(10_000)}`).search).toHaveLength(100);
    expect(cleanSearch(`${' '.repeat(99)}ab `)).toBe('ab');
    expect(cleanSearch(`${'x'.repeat(99)} ab`)).toBe('x'.repeat(99));
  });
});

describe('route query and list query', () => {
  it('round-trips through the route query', () => {
    const filter = {
      labelIds: [4, 9],
      isUncategorized: false,
      search: 'vase',
      ordering: '-uploaded_on' as const,
    };
    expect(toSearchParams(filter).toString()).toBe('labels=4%2C9&search=vase');
    expect(parseGcodeFilter(toSearchParams(filter))).toEqual(filter);
    expect(toSearchParams(NO_FILTER).toString()).toBe('');
  });

  it('asks the API for files without labels with noLabels=true', () => {
    expect(toListQuery({ ...NO_FILTER, isUncategorized: true, search: 'x' })).toEqual({
      noLabels: 'true',
      search: 'x',
    });
    expect(toListQuery({ ...NO_FILTER, labelIds: [2, 5] })).toEqual({ labels: '2,5' });
    expect(toListQuery(NO_FILTER)).toEqual({});
  });
});

describe('sidebar selection', () => {
  it('picks one entry and keeps the search', () => {
    const filter = {
      labelIds: [1, 2],
      isUncategorized: false,
      search: 'cube',
      ordering: '-uploaded_on' as const,
    };
    expect(selectLabel(filter, { kind: 'label', id: 7 })).toEqual({ ...filter, labelIds: [7] });
    expect(selectLabel(filter, { kind: 'uncategorized' })).toEqual({
      ...filter,
      labelIds: [],
      isUncategorized: true,
      search: 'cube',
    });
    expect(selectLabel(filter, { kind: 'all' })).toEqual({ ...NO_FILTER, search: 'cube' });
  });

  it('knows which entry is active', () => {
    expect(isLabelSelected(NO_FILTER, { kind: 'all' })).toBe(true);
    const filter = { ...NO_FILTER, labelIds: [7] };
    expect(isLabelSelected(filter, { kind: 'label', id: 7 })).toBe(true);
    expect(isLabelSelected(filter, { kind: 'all' })).toBe(false);
    expect(isFiltered(filter)).toBe(true);
    expect(isFiltered(NO_FILTER)).toBe(false);
  });
});

describe('filter chips', () => {
  const names = new Map([[7, 'Gears']]);

  it('shows one chip per label and one for the search', () => {
    const filter = {
      labelIds: [7, 8],
      isUncategorized: false,
      search: 'cube',
      ordering: '-uploaded_on' as const,
    };
    expect(getFilterChips(filter, names)).toEqual([
      { kind: 'label', id: 7, name: 'Gears' },
      { kind: 'label', id: 8, name: '#8' },
      { kind: 'search', text: 'cube' },
    ]);
    expect(getFilterChips({ ...NO_FILTER, isUncategorized: true }, names)).toEqual([
      { kind: 'uncategorized' },
    ]);
  });

  it('removes what a chip stands for', () => {
    const filter = {
      labelIds: [7, 8],
      isUncategorized: false,
      search: 'cube',
      ordering: '-uploaded_on' as const,
    };
    expect(removeChip(filter, { kind: 'label', id: 7, name: 'Gears' }).labelIds).toEqual([8]);
    expect(removeChip(filter, { kind: 'search', text: 'cube' }).search).toBe('');
    expect(removeChip({ ...NO_FILTER, isUncategorized: true }, { kind: 'uncategorized' })).toEqual(
      NO_FILTER,
    );
  });
});

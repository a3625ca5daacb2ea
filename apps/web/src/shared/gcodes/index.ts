/** What other features may use of gcode-catalog. */
export { gcodeQueryKey, useGcode } from './api/get-gcode';
export {
  gcodesQueryKey,
  getGcodesPage,
  invalidateGcodeLists,
  useGcodes,
  useLatestGcodes,
} from './api/get-gcodes';
export { GcodePreview } from './components/GcodePreview';
export {
  cleanSearch,
  getFilterChips,
  isFiltered,
  isLabelSelected,
  parseGcodeFilter,
  removeChip,
  selectLabel,
  toSearchParams,
} from './model/gcode-filter';
export type { FilterChip, GcodeFilter } from './model/gcode-filter';

import { getFileLabelsQueryOptions } from '../../shared/file-labels/api/get-file-labels';
import { getGcodeQueryOptions } from '../../shared/gcodes/api/get-gcode';
import { getGcodesQueryOptions } from '../../shared/gcodes/api/get-gcodes';
import { parseGcodeFilter } from '../../shared/gcodes/model/gcode-filter';
import type { PageStart } from './prefetch-in-workspace';

/** Gcodes: the list as the address filters it, and the label tree beside it. */
export const startGcodesPage: PageStart = ({ workspace, url, prefetch }) => {
  prefetch.infiniteQuery(getGcodesQueryOptions(workspace.id, parseGcodeFilter(url.searchParams)));
  prefetch.query(getFileLabelsQueryOptions(workspace.id));
};

/** One Gcode's page. */
export const startGcodePage: PageStart = ({ workspace, id, prefetch }) => {
  prefetch.query(getGcodeQueryOptions(workspace.id, id));
};

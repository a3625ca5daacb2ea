import { getFileLabelsQueryOptions } from '../../shared/file-labels/api/get-file-labels';
import { getGcodeQueryOptions } from '../../shared/gcodes/api/get-gcode';
import { getGcodesQueryOptions } from '../../shared/gcodes/api/get-gcodes';
import { parseGcodeFilter } from '../../shared/gcodes/model/gcode-filter';
import { parseRouteId } from '../../lib/route-id';
import { prefetchInWorkspace } from './prefetch-in-workspace';

/** Gcodes: the list as the address filters it, and the label tree beside it. */
export const loadGcodesPage = prefetchInWorkspace(({ workspace, request, prefetch }) => {
  const filter = parseGcodeFilter(new URL(request.url).searchParams);
  prefetch.infiniteQuery(getGcodesQueryOptions(workspace.id, filter));
  prefetch.query(getFileLabelsQueryOptions(workspace.id));
});

/** One Gcode's page. */
export const loadGcodePage = prefetchInWorkspace(({ workspace, params, prefetch }) => {
  prefetch.query(getGcodeQueryOptions(workspace.id, parseRouteId(params.id)));
});

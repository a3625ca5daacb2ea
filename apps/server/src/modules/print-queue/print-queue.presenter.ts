import {
  getPrintQueueBox,
  type FilamentRequirement,
  type FilamentType,
  type PrintQueueItem,
  type PrintQueueJob,
  type PrintQueueWaiting,
  type SpoolMaterial,
} from '@printdeck/shared';
import type { FilesRepository, PreviewRow } from '../files/files.repository.js';
import type { PrintQueueRepository, QueueItemView } from './print-queue.repository.js';

function toJob(view: QueueItemView): PrintQueueJob | null {
  if (view.print_job_id === null || view.job_outcome === null) return null;
  return {
    id: view.print_job_id,
    outcome: view.job_outcome as PrintQueueJob['outcome'],
    ended_on: view.job_ended_on,
    video_state: view.job_video_state as PrintQueueJob['video_state'],
  };
}

/** The item's filament requirement; null when it takes any spool its file fits. */
export function requirementOf(item: {
  required_material: string | null;
  required_color_hex: string | null;
}): FilamentRequirement | null {
  if (item.required_material === null && item.required_color_hex === null) return null;
  return {
    material: item.required_material as SpoolMaterial | null,
    color_hex: item.required_color_hex,
  };
}

function toItem(
  view: QueueItemView,
  previews: PreviewRow[],
  waiting: PrintQueueWaiting | null,
  copiesDone: Map<number, number>,
): PrintQueueItem {
  const printJob = toJob(view);
  return {
    id: view.id,
    state: view.state,
    box: getPrintQueueBox({ state: view.state, print_job: printJob }),
    position: view.position,
    file: {
      id: view.file_id,
      name: view.file_name,
      filament_type: view.file_filament_type as FilamentType | null,
      previewImages: previews.map((preview) => ({
        id: preview.id,
        is_primary: preview.position === 0,
        width: preview.width,
        height: preview.height,
      })),
    },
    printer:
      view.printer_id === null || view.printer_name === null
        ? null
        : {
            id: view.printer_id,
            name: view.printer_name,
            jobox_enabled: view.printer_jobox_enabled === 1,
            enabled: view.printer_enabled === 1,
          },
    print_job: printJob,
    jobox_autostart: view.jobox_autostart === 1,
    make_video: view.make_video === 1,
    added_on: view.added_on,
    added_by: { username: view.added_by_username },
    printed_on: view.printed_on,
    done_on: view.done_on,
    started_by: view.started_by,
    is_starting: view.starting_on !== null,
    start_problem:
      view.start_error === null
        ? null
        : { message: view.start_error, on: view.start_error_on ?? '', is_held: view.is_held === 1 },
    waiting,
    required_filament: requirementOf(view),
    copies:
      view.copy_group_id === null
        ? null
        : {
            group_id: view.copy_group_id,
            index: view.copy_index ?? 1,
            count: view.copy_count ?? 1,
            done: copiesDone.get(view.copy_group_id) ?? 0,
          },
  };
}

/** Rows to the API's items, with every file's previews in one query. */
export async function toItems(
  files: FilesRepository,
  items: Pick<PrintQueueRepository, 'countCopiesDone'>,
  views: QueueItemView[],
  waiting: Map<number, PrintQueueWaiting> = new Map(),
): Promise<PrintQueueItem[]> {
  const previews = await files.findPreviewsOfFiles([...new Set(views.map((v) => v.file_id))]);
  const byFile = new Map<number, PreviewRow[]>();
  for (const preview of previews)
    byFile.set(preview.file_id, [...(byFile.get(preview.file_id) ?? []), preview]);
  const groups = [...new Set(views.flatMap((view) => view.copy_group_id ?? []))];
  const copiesDone = await items.countCopiesDone(groups);
  return views.map((view) =>
    toItem(view, byFile.get(view.file_id) ?? [], waiting.get(view.id) ?? null, copiesDone),
  );
}

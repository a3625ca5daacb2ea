import { useRef, useState } from 'react';
import { uploadGcode } from '../api/upload-gcode';
import { describeUploadError } from '../model/upload-problem';
import {
  addUploadFiles,
  getPendingUploads,
  removeUploadItem,
  updateUploadItem,
  type IgnoredFile,
  type UploadItem,
} from '../model/upload-queue';

const isAbortError = (error: unknown) =>
  error instanceof DOMException && error.name === 'AbortError';

/**
 * The upload dialog's list and its run: files are sent one at a time (spec §4.2); a refused
 * file gets its error and the others still go. `onFinished` hears how the run ended.
 */
export function useUploadRun(options: {
  workspaceId: number;
  initialFiles: readonly File[];
  onFinished: (isComplete: boolean) => void;
}) {
  const [initial] = useState(() => addUploadFiles([], options.initialFiles));
  const [items, setItems] = useState<UploadItem[]>(initial.items);
  const [ignored, setIgnored] = useState<IgnoredFile[]>(initial.ignored);
  const [isNothingSelected, setNothingSelected] = useState(false);
  const [isRunning, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const change = (key: string, update: Partial<Pick<UploadItem, 'state' | 'loaded' | 'error'>>) =>
    setItems((current) => updateUploadItem(current, key, update));

  const add = (files: readonly File[]) => {
    const result = addUploadFiles(items, files);
    setItems(result.items);
    setIgnored(result.ignored);
    if (result.items.length > 0) setNothingSelected(false);
  };

  const remove = (key: string) => setItems((current) => removeUploadItem(current, key));

  const uploadOne = async (item: UploadItem, signal: AbortSignal) => {
    change(item.key, { state: 'uploading', loaded: 0 });
    try {
      await uploadGcode({
        workspaceId: options.workspaceId,
        file: item.file,
        signal,
        // the multipart body is a little larger than the file: scale to the file's bytes
        onProgress: (loaded, total) =>
          change(item.key, { loaded: Math.floor((loaded / total) * item.file.size) }),
      });
      change(item.key, { state: 'uploaded', loaded: item.file.size });
      return true;
    } catch (error) {
      if (isAbortError(error)) throw error;
      // a refused file's bytes do not count as uploaded in the overall progress
      change(item.key, { state: 'error', loaded: 0, error: describeUploadError(error) });
      return false;
    }
  };

  /** Save: sends the waiting files; files uploaded by an earlier run stay as they are. */
  const start = async () => {
    if (items.length === 0) {
      setNothingSelected(true);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    let isEverySent = true;
    try {
      for (const item of getPendingUploads(items)) {
        isEverySent = (await uploadOne(item, abort.signal)) && isEverySent;
      }
    } catch (error) {
      if (isAbortError(error)) return;
      throw error;
    } finally {
      setRunning(false);
    }
    // save is disabled while a file shows an error, so no earlier failure is left here
    options.onFinished(isEverySent);
  };

  /** Stops the running upload; the caller reloads the page (spec §4.2). */
  const abort = () => controller.current?.abort();

  return { items, ignored, isNothingSelected, isRunning, add, remove, start, abort };
}

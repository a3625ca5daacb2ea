import { useSyncExternalStore } from 'react';
import { describeErrorResponse, isApiError } from '../../../api/api-error';
import {
  EMPTY_TASK_LIST,
  addTask,
  finishTask,
  type BackgroundTaskKind,
  type BackgroundTaskList,
} from '../model/background-tasks';

let list: BackgroundTaskList = EMPTY_TASK_LIST;
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: BackgroundTaskList): void {
  list = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBackgroundTasks(): BackgroundTaskList {
  return useSyncExternalStore(subscribe, () => list);
}

export function getBackgroundTasks(): BackgroundTaskList {
  return list;
}

export function clearBackgroundTasks(): void {
  update(EMPTY_TASK_LIST);
}

/** Runs a command as a tracked task: listed as running, then done or failed. */
export async function runBackgroundTask(
  task: { kind: BackgroundTaskKind; printerName: string },
  run: () => Promise<void>,
): Promise<void> {
  const id = nextId++;
  update(addTask(list, { ...task, id }, Date.now()));
  try {
    await run();
    update(finishTask(list, id, 'done', Date.now()));
  } catch (error) {
    const reason = isApiError(error) ? error.message : describeErrorResponse(error);
    update(finishTask(list, id, 'failed', Date.now(), reason));
    throw error;
  }
}

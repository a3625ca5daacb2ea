import { TIMING } from '@printdeck/shared';

export type BackgroundTaskKind =
  'connect' | 'disconnect' | 'emergencyStop' | 'powerOn' | 'powerOff';
export type BackgroundTaskStatus = 'running' | 'done' | 'failed';

export interface BackgroundTask {
  id: number;
  kind: BackgroundTaskKind;
  printerName: string;
  status: BackgroundTaskStatus;
  /** why a failed task failed, as the server said */
  error?: string;
}

export interface BackgroundTaskList {
  tasks: BackgroundTask[];
  /** when a task was last added or finished */
  lastChangeAt: number;
}

export const EMPTY_TASK_LIST: BackgroundTaskList = { tasks: [], lastChangeAt: 0 };

export function addTask(
  list: BackgroundTaskList,
  task: Omit<BackgroundTask, 'status'>,
  nowMs: number,
): BackgroundTaskList {
  return { tasks: [...list.tasks, { ...task, status: 'running' }], lastChangeAt: nowMs };
}

/** A task that ends after the list closed itself is forgotten with it. */
export function finishTask(
  list: BackgroundTaskList,
  id: number,
  status: Exclude<BackgroundTaskStatus, 'running'>,
  nowMs: number,
  error?: string,
): BackgroundTaskList {
  if (!list.tasks.some((task) => task.id === id)) return list;
  const finished = error === undefined ? { status } : { status, error };
  return {
    tasks: list.tasks.map((task) => (task.id === id ? { ...task, ...finished } : task)),
    lastChangeAt: nowMs,
  };
}

/** The list closes itself after 20 s without a change (checked every 15 s, spec §9). */
export function shouldAutoClose(list: BackgroundTaskList, nowMs: number): boolean {
  return list.tasks.length > 0 && nowMs - list.lastChangeAt >= TIMING.backgroundTaskAutoCloseMs;
}

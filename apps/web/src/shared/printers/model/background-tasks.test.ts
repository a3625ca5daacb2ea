import { describe, expect, it } from 'vitest';
import { EMPTY_TASK_LIST, addTask, finishTask, shouldAutoClose } from './background-tasks';

describe('background-task list', () => {
  const started = addTask(EMPTY_TASK_LIST, { id: 1, kind: 'powerOn', printerName: 'A' }, 1000);

  it('adds a task as running', () => {
    expect(started.tasks).toEqual([
      { id: 1, kind: 'powerOn', printerName: 'A', status: 'running' },
    ]);
  });

  it('goes from running to done', () => {
    const done = finishTask(started, 1, 'done', 3000);
    expect(done.tasks[0]!.status).toBe('done');
    expect(done.lastChangeAt).toBe(3000);
  });

  it('closes itself 20 s after the last change, not before', () => {
    const done = finishTask(started, 1, 'done', 3000);
    expect(shouldAutoClose(done, 22_999)).toBe(false);
    expect(shouldAutoClose(done, 23_000)).toBe(true);
  });

  it('has nothing to close when empty', () => {
    expect(shouldAutoClose(EMPTY_TASK_LIST, 1e9)).toBe(false);
  });

  it('forgets a task that ends after the list closed', () => {
    expect(finishTask(EMPTY_TASK_LIST, 1, 'failed', 5000)).toBe(EMPTY_TASK_LIST);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeApiServer,
  type FakeApiAnswer,
  type FakeApiServer,
} from '../../../../test-support/fake-api-server';
import { buildDeviceState } from '../../../../test-support/printer-fixtures';
import { getDeviceStates, readRememberedEtag, rememberDeviceStates } from './get-device-states';

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

const offline = [buildDeviceState('NOT_CONNECTED_TO_PROXY_SERVER')];
const ready = [buildDeviceState('READY_TO_PRINT')];

/** The poll's answer is held until the test lets it go, as a loaded server would hold it. */
function holdPolls(answer: FakeApiAnswer) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  api.answerWith(async (call) => {
    if (!call.url.startsWith('/api/groups/')) return undefined;
    await released;
    return answer;
  });
  const polled = () => expect.poll(() => api.calls.length).toBe(1);
  return { release, polled };
}

describe('the poll beside the states stream', () => {
  it('a list the stream delivered while a poll was on its way stays: the older answer is dropped', async () => {
    const poll = holdPolls({ status: 200, body: offline, headers: { ETag: 'W/"old"' } });
    const answered = getDeviceStates(71);
    await poll.polled();
    rememberDeviceStates(71, 'W/"new"', ready);
    poll.release();

    expect((await answered)[0]?.printer_state).toBe('READY_TO_PRINT');
    // the stream's next delta names W/"new" as its base: it must still be the one held
    expect(readRememberedEtag(71)).toBe('W/"new"');
  });

  it('a poll answered 304 after the stream delivered gives the stream’s list, not the one it asked with', async () => {
    rememberDeviceStates(72, 'W/"old"', offline);
    const poll = holdPolls({ status: 304 });
    const answered = getDeviceStates(72);
    await poll.polled();
    rememberDeviceStates(72, 'W/"new"', ready);
    poll.release();

    expect((await answered)[0]?.printer_state).toBe('READY_TO_PRINT');
    expect(readRememberedEtag(72)).toBe('W/"new"');
  });

  it('without a delivery meanwhile the poll’s answer is the list (the stream down, the poll standing in)', async () => {
    rememberDeviceStates(73, 'W/"old"', offline);
    const poll = holdPolls({ status: 200, body: ready, headers: { ETag: 'W/"polled"' } });
    const answered = getDeviceStates(73);
    await poll.polled();
    poll.release();

    expect((await answered)[0]?.printer_state).toBe('READY_TO_PRINT');
    expect(readRememberedEtag(73)).toBe('W/"polled"');
  });
});

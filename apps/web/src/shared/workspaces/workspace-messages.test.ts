import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { I18N_OPTIONS } from '../../../test-support/i18n-test-options';
import { getCreateWorkspaceErrorMessage } from './workspace-messages';

let t: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ ...I18N_OPTIONS, lng: 'en' });
  t = instance.t;
});

function validationError(details: Record<string, unknown>) {
  const body = { code: 'validation_error', message: 'Invalid', details };
  return new ApiError({
    status: 400,
    code: body.code,
    message: body.message,
    details,
    body,
    method: 'POST',
    url: '/api/users/me/groups/',
  });
}

describe('getCreateWorkspaceErrorMessage', () => {
  it('explains a rejected name', () => {
    expect(getCreateWorkspaceErrorMessage(validationError({ name: ['Too long'] }), t)).toBe(
      'Workspace name is not valid.',
    );
  });

  it('names another invalid property', () => {
    expect(getCreateWorkspaceErrorMessage(validationError({ settings: ['Unknown key'] }), t)).toBe(
      'Validation error: settings - Unknown key',
    );
  });

  it('shows the response of any other failure', () => {
    const error = new ApiError({
      status: 409,
      code: 'conflict',
      message: 'Exists',
      method: 'POST',
      url: '/x',
      body: { code: 'conflict' },
    });
    expect(getCreateWorkspaceErrorMessage(error, t)).toBe('Uknown error: {"code":"conflict"}');
  });

  it('leaves no internet and maintenance to the error modal', () => {
    const offline = new ApiError({
      status: null,
      code: 'network_error',
      message: '',
      method: 'POST',
      url: '/x',
    });
    expect(getCreateWorkspaceErrorMessage(offline, t)).toBeNull();
    expect(getCreateWorkspaceErrorMessage(null, t)).toBeNull();
  });
});

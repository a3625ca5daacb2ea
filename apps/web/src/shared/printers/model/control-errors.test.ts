import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import {
  getControlNotice,
  getDeviceKeyError,
  getLightNotice,
  isIgnoredConsoleError,
} from './control-errors';

const apiError = (status: number, code: string, details?: Record<string, unknown>) =>
  new ApiError({ status, code, message: code, details, method: 'POST', url: '/api/x' });

describe('control errors', () => {
  it('tells a homing error as "Move error" / "Must home axis first."', () => {
    expect(getControlNotice(apiError(408, 'axis_homing_required'))).toEqual({
      title: 'printers.errors.moveError',
      message: 'printers.errors.mustHome',
    });
  });

  it('tells a range error as "Move error" / "Out of range."', () => {
    expect(getControlNotice(apiError(408, 'out_of_range'))?.message).toBe(
      'printers.errors.outOfRange',
    );
  });

  it('tells a device that did not answer in time', () => {
    expect(getControlNotice(apiError(408, 'request_timeout'))?.message).toBe(
      'printers.errors.timeout',
    );
  });

  it('raises other errors', () => {
    expect(getControlNotice(apiError(409, 'conflict'))).toBeNull();
    expect(getControlNotice(new Error('boom'))).toBeNull();
  });

  it('tells a light switch answered 408, raises the rest', () => {
    expect(getLightNotice(apiError(408, 'request_timeout'))?.title).toBe(
      'printers.errors.lightTitle',
    );
    expect(getLightNotice(apiError(500, 'internal'))).toBeNull();
  });

  it('ignores a console send answered 408', () => {
    expect(isIgnoredConsoleError(apiError(408, 'request_timeout'))).toBe(true);
    expect(isIgnoredConsoleError(apiError(409, 'conflict'))).toBe(false);
  });

  it('reads the device-key error of a create', () => {
    const error = apiError(400, 'validation_error', {
      token: ['The provided device key is not valid.'],
    });
    expect(getDeviceKeyError(error)).toBe('The provided device key is not valid.');
    expect(getDeviceKeyError(apiError(400, 'validation_error', { name: ['x'] }))).toBeNull();
  });
});

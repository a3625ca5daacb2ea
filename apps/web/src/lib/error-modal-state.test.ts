import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { ProductError } from './product-error';
import { getGlobalErrorModal, toErrorModal } from './error-modal-state';

function apiError(status: number | null, code = 'x'): ApiError {
  return new ApiError({ status, code, message: 'm', method: 'GET', url: '/api/x', body: { a: 1 } });
}

describe('toErrorModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('maps a failure without response to no internet', () => {
    expect(toErrorModal(apiError(null, 'network_error'))).toEqual({ variant: 'noInternet' });
  });

  it('maps any other failure to no internet while the browser is offline (a screen that could not load)', () => {
    const failedImport = new TypeError('Failed to fetch dynamically imported module');
    expect(toErrorModal(failedImport)).toMatchObject({ variant: 'unknown' });
    vi.stubGlobal('navigator', { onLine: false });
    expect(toErrorModal(failedImport)).toEqual({ variant: 'noInternet' });
  });

  it('maps 403 to forbidden with the request for developers', () => {
    expect(toErrorModal(apiError(403, 'forbidden'))).toEqual({
      variant: 'forbidden',
      request: { method: 'GET', url: '/api/x', status: 403, data: { a: 1 } },
    });
  });

  it('maps 503 to maintenance', () => {
    expect(toErrorModal(apiError(503, 'maintenance'))).toEqual({ variant: 'maintenance' });
  });

  it('opens nothing for 401: the session handling goes to Logout', () => {
    expect(toErrorModal(apiError(401, 'token_not_valid'))).toBeNull();
  });

  it.each([400, 404, 408, 409, 413, 429, 500, 502])('maps %i to unknown', (status) => {
    expect(toErrorModal(apiError(status, 'c'))).toEqual({
      variant: 'unknown',
      detail: `${status} c: m`,
    });
  });

  it('maps a product error to its own title and description', () => {
    expect(toErrorModal(new ProductError('Print failed', 'On printer A'))).toEqual({
      variant: 'product',
      title: 'Print failed',
      description: 'On printer A',
    });
  });

  it('maps anything else to unknown with the raw error', () => {
    expect(toErrorModal(new TypeError('x is undefined'))).toEqual({
      variant: 'unknown',
      detail: 'x is undefined',
    });
    expect(toErrorModal('boom')).toEqual({ variant: 'unknown', detail: 'boom' });
  });
});

describe('getGlobalErrorModal', () => {
  it('opens the modal for every mapped error by default', () => {
    expect(getGlobalErrorModal(apiError(500))?.variant).toBe('unknown');
  });

  it('leaves errors a screen explains inline to the screen', () => {
    expect(getGlobalErrorModal(apiError(400), 'inline')).toBeNull();
    expect(getGlobalErrorModal(apiError(500), 'inline')).toBeNull();
    expect(getGlobalErrorModal(new ProductError('t', 'd'), 'inline')).toBeNull();
  });

  it('still opens no internet, forbidden and maintenance for inline handling', () => {
    expect(getGlobalErrorModal(apiError(null), 'inline')?.variant).toBe('noInternet');
    expect(getGlobalErrorModal(apiError(403), 'inline')?.variant).toBe('forbidden');
    expect(getGlobalErrorModal(apiError(503, 'maintenance'), 'inline')?.variant).toBe(
      'maintenance',
    );
  });

  it('lets polling raise only maintenance and no internet', () => {
    expect(getGlobalErrorModal(apiError(503, 'maintenance'), 'background')?.variant).toBe(
      'maintenance',
    );
    expect(getGlobalErrorModal(apiError(null), 'background')?.variant).toBe('noInternet');
    expect(getGlobalErrorModal(apiError(503, 'http_503'), 'background')?.variant).toBe(
      'maintenance',
    );
    expect(getGlobalErrorModal(apiError(403), 'background')).toBeNull();
    expect(getGlobalErrorModal(apiError(500), 'background')).toBeNull();
  });

  it('reads a 503 with its own code as that action failing, not as maintenance', () => {
    expect(toErrorModal(apiError(503, 'mail_unavailable'))?.variant).toBe('unknown');
    expect(getGlobalErrorModal(apiError(503, 'mail_unavailable'), 'inline')).toBeNull();
  });

  it('opens nothing for silent requests', () => {
    expect(getGlobalErrorModal(apiError(503), 'silent')).toBeNull();
    expect(getGlobalErrorModal(apiError(null), 'silent')).toBeNull();
  });
});

describe('aborted requests', () => {
  it('open no modal', () => {
    expect(toErrorModal(new DOMException('aborted', 'AbortError'))).toBeNull();
  });
});

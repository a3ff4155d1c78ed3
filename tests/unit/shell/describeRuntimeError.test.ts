import { describe, expect, it } from 'vitest';
import { describeUncaughtError, describeUnhandledRejection } from '../../../src/errors/describeRuntimeError';
import { RequestError } from '../../../src/request/RequestError';

describe('describeUncaughtError', () => {
  it('titles errors by kind', () => {
    expect(describeUncaughtError(new TypeError('x is undefined'), null))
      .toEqual({ titleKey: 'shell.runtimeError.type', message: 'x is undefined' });
    expect(describeUncaughtError(new ReferenceError('y'), null)?.titleKey).toBe('shell.runtimeError.reference');
    expect(describeUncaughtError(new RangeError('z'), null)?.titleKey).toBe('shell.runtimeError.range');
    expect(describeUncaughtError(new Error('plain'), null)?.titleKey).toBe('shell.runtimeError.script');
  });

  it('uses the event message when there is no error object (cross-origin scripts)', () => {
    expect(describeUncaughtError(null, 'Script error.')).toEqual({ titleKey: 'shell.runtimeError.script', message: 'Script error.' });
  });

  it('ignores benign ResizeObserver notices', () => {
    expect(describeUncaughtError(null, 'ResizeObserver loop completed with undelivered notifications.')).toBeNull();
  });
});

describe('describeUnhandledRejection', () => {
  const failure = (shown: boolean, url = '/get/hr/x') => new RequestError('合同编号不能为空', { url, code: 100, shown });

  it('reports plain rejections under the promise title', () => {
    expect(describeUnhandledRejection(new Error('boom'))).toEqual({ titleKey: 'shell.runtimeError.promise', message: 'boom' });
    expect(describeUnhandledRejection(undefined)).toEqual({ titleKey: 'shell.runtimeError.promise', message: null });
  });

  it('does not repeat a request failure already shown, nor one of a shop call', () => {
    expect(describeUnhandledRejection(failure(true))).toBeNull();
    expect(describeUnhandledRejection(failure(false, '/seller/goods'))).toBeNull();
  });

  it('shows an unhandled refusal, whose message nobody showed', () => {
    expect(describeUnhandledRejection(failure(false))).toEqual({ titleKey: 'shell.request.errorTitle', message: '合同编号不能为空' });
  });
});

import { describe, expect, it } from 'vitest';
import { describeUncaughtError, describeUnhandledRejection } from '../../../src/errors/describeRuntimeError';
import { PageLoadTimeoutError } from '../../../src/router/lazyPage';

describe('global runtime errors: kind-based titles', () => {
  it('titles a failed code chunk as a module load error, thrown or rejected', () => {
    const chunk = new TypeError('Failed to fetch dynamically imported module: /assets/Page-x.js');
    expect(describeUncaughtError(chunk, null)?.titleKey).toBe('shell.runtimeError.chunk');
    expect(describeUnhandledRejection(chunk)?.titleKey).toBe('shell.runtimeError.chunk');
    expect(describeUnhandledRejection(new PageLoadTimeoutError())?.titleKey).toBe('shell.runtimeError.chunk');
  });

  it('titles storage, security and abort errors by their DOMException names', () => {
    expect(describeUncaughtError(new DOMException('full', 'QuotaExceededError'), null)?.titleKey).toBe('shell.runtimeError.quota');
    expect(describeUncaughtError(new DOMException('blocked', 'SecurityError'), null)?.titleKey).toBe('shell.runtimeError.security');
    expect(describeUnhandledRejection(new DOMException('stop', 'AbortError'))?.titleKey).toBe('shell.runtimeError.abort');
  });

  it('keeps the language-specific kinds for rejected promises too', () => {
    expect(describeUnhandledRejection(new TypeError('x'))?.titleKey).toBe('shell.runtimeError.type');
    expect(describeUnhandledRejection(new Error('x'))?.titleKey).toBe('shell.runtimeError.promise');
  });
});

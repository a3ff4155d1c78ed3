import { describe, expect, it } from 'vitest';
import { loginUrl, redirectTarget } from '../../../src/router/loginUrl';

describe('loginUrl', () => {
  it('remembers the wanted page', () => {
    expect(loginUrl('/hr/contract/details?id=7')).toBe('/login?redirect=%2Fhr%2Fcontract%2Fdetails%3Fid%3D7');
  });

  it('remembers nothing for the root or the login page itself', () => {
    expect(loginUrl('/')).toBe('/login');
    expect(loginUrl('/login?redirect=%2Fx')).toBe('/login');
    expect(loginUrl()).toBe('/login');
  });
});

describe('redirectTarget', () => {
  it('round-trips what loginUrl remembered', () => {
    const search = loginUrl('/hr/contract/details?id=7').split('?')[1];
    expect(redirectTarget(`?${search}`)).toBe('/hr/contract/details?id=7');
  });

  it('refuses anything that is not an in-app path', () => {
    for (const wanted of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/login']) {
      expect(redirectTarget(`?redirect=${encodeURIComponent(wanted)}`)).toBe('/');
    }
    expect(redirectTarget('')).toBe('/');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import { createSecretBox, loadSecretKey, SECRET_KEY_FILE, SecretUnreadable } from '../../../server/security/secretBox';

/** The store of credentials the server must use again (server/security/secretBox.ts): AES-256-GCM, key from SECRET_KEY or the data folder. */
describe('secret box', () => {
  const folders: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
    folders.push(dir);
    return dir;
  };
  afterEach(() => { for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true }); });

  it('seals to a versioned value that only its key opens, never twice the same', () => {
    const box = createSecretBox(Buffer.alloc(32, 1));
    const sealed = box.seal('邮箱密码 S3cret!');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(sealed).not.toContain('S3cret');
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.open(sealed)).toBe('邮箱密码 S3cret!');
    expect(box.seal('邮箱密码 S3cret!')).not.toBe(sealed);
    expect(box.open(box.seal(''))).toBe('');
    // Another key, an altered byte, a clear value: refused, never garbage.
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow(SecretUnreadable);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow(SecretUnreadable);
    expect(box.isSealed('S3cret!pw')).toBe(false);
    expect(() => box.open('S3cret!pw')).toThrow(SecretUnreadable);
  });

  it('keeps a key generated at the first start in the data folder, readable by the server alone, and uses SECRET_KEY instead when set', () => {
    const dir = tempDir();
    const first = loadSecretKey(undefined, dir);
    const file = path.join(dir, SECRET_KEY_FILE);
    expect(first).toHaveLength(32);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(undefined, dir).equals(first)).toBe(true);
    const sealed = createSecretBox(first).seal('pw');
    expect(createSecretBox(loadSecretKey(undefined, dir)).open(sealed)).toBe('pw');

    const configured = 'ab'.repeat(32);
    expect(loadSecretKey(configured, tempDir()).toString('hex')).toBe(configured);
    fs.writeFileSync(file, 'not a key\n');
    expect(() => loadSecretKey(undefined, dir)).toThrow(/64 hex digits/);
  });

  it('refuses a malformed SECRET_KEY at start', () => {
    expect(readConfig({ SECRET_KEY: 'AB'.repeat(32) }).secretKey).toBe('ab'.repeat(32));
    expect(readConfig({}).secretKey).toBeUndefined();
    expect(() => readConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY must be 64 hex digits/);
  });
});

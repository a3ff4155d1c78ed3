import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  Sm4ValueError, decryptData, decryptFields, decryptValue, encryptData, encryptFields, encryptValue, fieldText,
  isSm4Key, looksEncrypted, md5Hex,
} from '../../../runtime/core/crypto';
import { encodeFormData } from '../../../src/request/formEncoding';
import { encodePostBody } from '../../../src/request/bodyEncoding';
import { normaliseBody } from '../../../server/http/normaliseBody';

const KEY = '0123456789abcdeffedcba9876543210';
const OTHER_KEY = 'ffeeddccbbaa99887766554433221100';

const TEXTS = ['', 'a', 'admin', '合同编号 HT-2026-0001', '张三 & 李四 = 王五?', '😀 emoji 𠮷', 'x'.repeat(16), 'y'.repeat(1000), '{"a":[1,2]}', ' \n\t '];

/** What OpenSSL (Node's crypto) makes of SM4-ECB with PKCS#7: the format must be the standard one. */
function opensslSm4(text: string, key: string): string {
  const cipher = createCipheriv('sm4-ecb', Buffer.from(key, 'hex'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('hex');
}

function refusal(run: () => unknown): Sm4ValueError {
  try {
    run();
  } catch (error) {
    if (error instanceof Sm4ValueError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Flips one hex digit at `index` (0 ↔ 1 …), keeping the value well-formed. */
function flip(value: string, index: number): string {
  const digit = value[index];
  const flipped = (parseInt(digit, 16) ^ 1).toString(16);
  return value.slice(0, index) + flipped + value.slice(index + 1);
}

describe('SM4 value format: md5hex(plaintext) + sm4hex(plaintext)', () => {
  it('round-trips Chinese text, emoji, empty and long values', () => {
    for (const text of TEXTS) {
      const value = encryptValue(text, KEY);
      expect(looksEncrypted(value), text).toBe(true);
      expect(decryptValue(value, KEY), text).toBe(text);
      if (/[^0-9a-f]/.test(text)) expect(value).not.toContain(text);
    }
  });

  it('is the standard algorithms: the prefix is the MD5 of the UTF-8 text, the rest SM4-ECB/PKCS#7 as OpenSSL makes it', () => {
    for (const text of TEXTS) {
      const value = encryptValue(text, KEY);
      expect(value.slice(0, 32)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
      expect(md5Hex(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
      expect(value.slice(32)).toBe(opensslSm4(text, KEY));
      const decipher = createDecipheriv('sm4-ecb', Buffer.from(KEY, 'hex'), null);
      expect(Buffer.concat([decipher.update(Buffer.from(value.slice(32), 'hex')), decipher.final()]).toString('utf8')).toBe(text);
    }
  });

  it('pads to whole 16-byte blocks: the empty value is one block, 16 bytes take two', () => {
    expect(encryptValue('', KEY)).toHaveLength(32 + 32);
    expect(encryptValue('x'.repeat(15), KEY)).toHaveLength(32 + 32);
    expect(encryptValue('x'.repeat(16), KEY)).toHaveLength(32 + 64);
    // 合 is 3 UTF-8 bytes: 6 of them are 18 bytes, two blocks.
    expect(encryptValue('合'.repeat(6), KEY)).toHaveLength(32 + 64);
  });

  it('accepts a key in upper case and an encrypted value in upper case', () => {
    const value = encryptValue('上传', KEY.toUpperCase());
    expect(value).toBe(encryptValue('上传', KEY));
    expect(decryptValue(value.toUpperCase(), KEY)).toBe('上传');
  });

  it('refuses keys that are not 128 bits of hex', () => {
    expect(isSm4Key(KEY)).toBe(true);
    for (const key of ['', '0123', `${KEY}00`, 'g'.repeat(32), 42, null]) {
      expect(isSm4Key(key), String(key)).toBe(false);
    }
    expect(() => encryptValue('a', 'short')).toThrow(/32 hex digits/);
    expect(() => decryptValue(encryptValue('a', KEY), 'short')).toThrow(/32 hex digits/);
  });
});

describe('tamper detection', () => {
  const original = encryptValue('合同金额 6543.21', KEY);

  it('refuses any changed digit of the ciphertext or of the MD5', () => {
    for (let index = 0; index < original.length; index += 1) {
      expect(refusal(() => decryptValue(flip(original, index), KEY, 'amount')).reason, `digit ${index}`).toBe('tampered');
    }
  });

  it('refuses a dropped, repeated or foreign block and a wrong key', () => {
    const long = encryptValue('第一块内容十六个字节以上的文本，第二块', KEY);
    const cipher = long.slice(32);
    expect(refusal(() => decryptValue(long.slice(0, -32), KEY)).reason).toBe('tampered');
    expect(refusal(() => decryptValue(long + cipher.slice(0, 32), KEY)).reason).toBe('tampered');
    const other = encryptValue('另一段完全不同的文字内容。。。。', KEY);
    expect(refusal(() => decryptValue(long.slice(0, 32) + other.slice(32), KEY)).reason).toBe('tampered');
    expect(refusal(() => decryptValue(original, OTHER_KEY)).reason).toBe('tampered');
  });

  it('refuses an MD5 that belongs to other text', () => {
    const forged = md5Hex('6543.21') + original.slice(32);
    expect(refusal(() => decryptValue(forged, KEY)).reason).toBe('tampered');
  });

  it('tells a plain value apart from a tampered one', () => {
    for (const value of ['', 'admin', '12', original.slice(0, 40), `${original}0`, original.replace(/^./, 'z'), 42, null, undefined, ['a'], { a: 1 }]) {
      expect(refusal(() => decryptValue(value, KEY, 'f')).reason, JSON.stringify(value)).toBe('notEncrypted');
    }
    expect(looksEncrypted('0'.repeat(64))).toBe(true);
    expect(refusal(() => decryptValue('0'.repeat(64), KEY)).reason).toBe('tampered');
  });
});

describe('request fields', () => {
  it('encrypts every value and keeps the names, arrays element by element', () => {
    const encrypted = encryptFields({ accountId: 'admin', ids: ['a', 'b'], page: 1 }, KEY);
    expect(Object.keys(encrypted)).toEqual(['accountId', 'ids', 'page']);
    expect(encrypted.ids).toHaveLength(2);
    for (const value of [encrypted.accountId, ...(encrypted.ids as string[]), encrypted.page]) {
      expect(looksEncrypted(value)).toBe(true);
    }
    expect(JSON.stringify(encrypted)).not.toMatch(/admin/);
  });

  it('round-trips Chinese text, arrays, objects and empty values as the form encoding carries them', () => {
    const fields = {
      title: '劳动合同（续签）', ids: ['甲', 'b', 3], filterObj: { status: { value: ['draft'], operator: 'eq' } },
      rows: [{ name: '张三' }, { name: 'Li' }], empty: '', none: null, missing: undefined, flag: true, amount: 6543.21, list: [],
    };
    expect(decryptFields(encryptFields(fields, KEY), KEY)).toEqual({
      title: '劳动合同（续签）', ids: ['甲', 'b', '3'], filterObj: JSON.stringify(fields.filterObj),
      rows: ['{"name":"张三"}', '{"name":"Li"}'], empty: '', none: '', flag: 'true', amount: '6543.21', list: [],
    });
  });

  it('gives the server the same fields an SM4 JSON body and a plain form body would', () => {
    const fields = { contractNo: 'HT-1', userId: 'u1', ids: ['1', '2'], filterObj: { a: { value: '合', operator: 'include' } }, remark: '', gone: undefined, nil: null };
    // The plain form, as @fastify/formbody hands it over: repeated names become lists.
    const form: Record<string, unknown> = {};
    for (const [name, value] of new URLSearchParams(encodeFormData(fields))) {
      const previous = form[name];
      form[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    const sm4 = encodePostBody(fields, { sm4Key: KEY, shop: false });
    expect(sm4.contentType).toContain('application/json');
    expect(sm4.data).not.toMatch(/HT-1|合/);
    expect(decryptFields(normaliseBody(JSON.parse(sm4.data)), KEY)).toEqual(normaliseBody(form));
  });

  it('names the refused field, and keeps the fields it is told to keep', () => {
    const encrypted = { ...encryptFields({ a: '1', b: ['x', 'y'] }, KEY) } as Record<string, unknown>;
    (encrypted.b as string[])[1] = flip((encrypted.b as string[])[1], 40);
    expect(refusal(() => decryptFields(encrypted, KEY))).toMatchObject({ reason: 'tampered', field: 'b' });
    expect(refusal(() => decryptFields({ ...encryptFields({ a: '1' }, KEY), c: 'plain' }, KEY))).toMatchObject({ reason: 'notEncrypted', field: 'c' });
    const stream = { pipe: true };
    expect(decryptFields({ ...encryptFields({ a: '1' }, KEY), $stream: stream }, KEY, (name) => name === '$stream')).toEqual({ a: '1', $stream: stream });
  });

  it('fieldText follows the form encoding', () => {
    expect([fieldText('a'), fieldText(1), fieldText(false), fieldText(null), fieldText(undefined), fieldText({ a: 1 }), fieldText([1])])
      .toEqual(['a', '1', 'false', '', undefined, '{"a":1}', '[1]']);
  });
});

describe('response data', () => {
  it('round-trips any JSON data, null included', () => {
    for (const data of [null, [], {}, { list: [{ contractNo: 'HT-2026-0001', remark: '到期续签' }], total: 1 }, '文本', 0]) {
      const value = encryptData(data, KEY);
      expect(looksEncrypted(value)).toBe(true);
      expect(decryptData(value, KEY)).toEqual(data);
    }
    expect(decryptData(encryptData(undefined, KEY), KEY)).toBeNull();
  });

  it('refuses changed data', () => {
    const value = encryptData({ total: 1 }, KEY);
    expect(refusal(() => decryptData(flip(value, 50), KEY))).toMatchObject({ reason: 'tampered', field: 'data' });
    // Intact encryption of text that is not JSON is no answer of ours either.
    expect(refusal(() => decryptData(encryptValue('{not json', KEY), KEY)).reason).toBe('tampered');
  });
});

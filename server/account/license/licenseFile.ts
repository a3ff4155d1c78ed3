import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The software registration file ("注册文件"): a small JSON document
 *
 *   { "unit": "华东智联科技集团有限公司", "expires": "2027-12-31", …more flat fields…,
 *     "signature": "<hex HMAC-SHA256>" }
 *
 * `signature` is HMAC-SHA256, keyed with LICENSE_KEY, over the canonical text of every other
 * field: the fields sorted by name and written as compact JSON (`JSON.stringify` of the sorted
 * object). Values are strings, numbers or booleans only, so the canonical form is unambiguous.
 * Required: `unit` (the licensed organisation) and `expires` (YYYY-MM-DD, last valid day).
 * Optional, shown as they are: `issued`, `edition`, `users`, `licenseNo`, ….
 */
export type LicenseFields = Record<string, string | number | boolean>;

export interface License {
  unit: string;
  expires: string;
  fields: LicenseFields;
}

export type LicenseProblem = 'badFormat' | 'missingUnit' | 'badExpires' | 'badSignature' | 'nested';

export class LicenseError extends Error {
  constructor(public readonly problem: LicenseProblem) {
    super(`licence refused: ${problem}`);
    this.name = 'LicenseError';
  }
}

export const MAX_LICENSE_BYTES = 64 * 1024;

export function canonicalText(fields: LicenseFields): string {
  const sorted = Object.fromEntries(Object.keys(fields).sort().map((k) => [k, fields[k]]));
  return JSON.stringify(sorted);
}

export function licenseSignature(fields: LicenseFields, key: string): string {
  return createHmac('sha256', key).update(canonicalText(fields), 'utf8').digest('hex');
}

/** A signed licence file's text, for the issuing tool and the tests. */
export function signLicense(fields: LicenseFields, key: string): string {
  return `${JSON.stringify({ ...fields, signature: licenseSignature(fields, key) }, null, 2)}\n`;
}

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** Parses and verifies a licence; throws LicenseError naming the first problem. */
export function verifyLicense(text: string, key: string): License {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new LicenseError('badFormat');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new LicenseError('badFormat');
  const { signature, ...rest } = parsed as Record<string, unknown>;
  for (const value of Object.values(rest)) {
    if (!['string', 'number', 'boolean'].includes(typeof value)) throw new LicenseError('nested');
  }
  const fields = rest as LicenseFields;
  if (typeof fields.unit !== 'string' || fields.unit.trim() === '') throw new LicenseError('missingUnit');
  if (typeof fields.expires !== 'string' || !isDate(fields.expires)) throw new LicenseError('badExpires');
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) throw new LicenseError('badSignature');
  const expected = Buffer.from(licenseSignature(fields, key), 'hex');
  const given = Buffer.from(signature.toLowerCase(), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new LicenseError('badSignature');
  return { unit: fields.unit.trim(), expires: fields.expires, fields };
}

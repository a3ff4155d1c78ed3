import { encryptFields, encryptValue, fieldText } from '../../runtime/core/crypto';
import { encodeFormData } from './formEncoding';

export type Params = Record<string, unknown>;

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
export const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

export interface EncodedBody {
  data: string;
  contentType: string;
}

export interface BodyContext {
  /** The SM4 key when the mode is on (docs/SM4.md). */
  sm4Key: string | null;
  /** True when the call carries the shop-authorization header. */
  shop: boolean;
}

/**
 * A POST body by the spec's rules (§7): form data by default (arrays as name[], objects as JSON
 * text); JSON when the shop-authorization header is given; in SM4 mode JSON whose every value is
 * encrypted (md5hex + sm4hex), carrying the same fields and texts a form body would.
 */
export function encodePostBody(data: Params | null | undefined, { sm4Key, shop }: BodyContext): EncodedBody {
  if (sm4Key) return { data: JSON.stringify(encryptFields(data, sm4Key)), contentType: JSON_CONTENT_TYPE };
  if (shop) return { data: JSON.stringify(data ?? {}), contentType: JSON_CONTENT_TYPE };
  return { data: encodeFormData(data), contentType: FORM_CONTENT_TYPE };
}

function isPlainObject(value: unknown): value is Params {
  return Object.prototype.toString.call(value) === '[object Object]';
}

/** An explicit JSON POST; in SM4 mode its top-level values are encrypted like a form body's. */
export function encodeJsonBody(data: unknown, sm4Key: string | null): EncodedBody {
  if (!sm4Key) return { data: JSON.stringify(data ?? {}), contentType: JSON_CONTENT_TYPE };
  if (data !== undefined && data !== null && !isPlainObject(data)) {
    throw new Error('in SM4 mode a JSON body must be an object of fields');
  }
  return { data: JSON.stringify(encryptFields(data as Params | null | undefined, sm4Key)), contentType: JSON_CONTENT_TYPE };
}

/** GET parameters: as given, or every value encrypted in SM4 mode (names stay readable). */
export function encodeQuery(params: Params, sm4Key: string | null): Params {
  return sm4Key ? encryptFields(params, sm4Key) : params;
}

/**
 * Fields of a multipart body (uploads and big posts). The file itself is never encrypted; in
 * SM4 mode every field's text is. `lists`: arrays as repeated `name[]` fields (big post) rather
 * than one JSON text (the upload calls read a single value per field).
 */
export function multipartFields(fields: Params, sm4Key: string | null, lists: boolean): [string, string][] {
  const seal = (text: string) => (sm4Key ? encryptValue(text, sm4Key) : text);
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (lists && Array.isArray(value)) {
      for (const item of value) {
        const text = fieldText(item);
        if (text !== undefined) entries.push([`${name}[]`, seal(text)]);
      }
    } else {
      entries.push([name, seal(fieldText(value) ?? '')]);
    }
  }
  return entries;
}

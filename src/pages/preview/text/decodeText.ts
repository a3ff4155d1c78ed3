/** Text files of Chinese offices come as UTF-8 (with or without BOM), UTF-16 or GB18030 (GBK). */

export const MAX_TEXT_BYTES = 512 * 1024;

export interface DecodedText {
  text: string;
  encoding: string;
  truncated: boolean;
}

function decoder(label: string, fatal: boolean): TextDecoder | undefined {
  try {
    return new TextDecoder(label, { fatal });
  } catch {
    return undefined;
  }
}

/**
 * True when the bytes look like text: a UTF-16 byte-order mark, or no NUL byte and (almost) no
 * other control characters in the first 8 KB. Binary office files (.doc, .xls, .ppt …) fail it.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return true;
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return false;
    if (b < 9 || (b > 13 && b < 32 && b !== 27)) control += 1;
  }
  return control <= sample.length / 100;
}

/** Decodes at most `maxBytes`, by BOM, else strict UTF-8, else GB18030. */
export function decodeText(data: ArrayBuffer | Uint8Array, maxBytes = MAX_TEXT_BYTES): DecodedText {
  const all = data instanceof Uint8Array ? data : new Uint8Array(data);
  const truncated = all.length > maxBytes;
  let bytes = all.subarray(0, maxBytes);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8', truncated };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le', truncated };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be', truncated };
  if (truncated) {
    // Do not cut a UTF-8 sequence in half: drop continuation bytes at the cut.
    let end = bytes.length;
    while (end > 0 && end > bytes.length - 4 && (bytes[end - 1] & 0xc0) === 0x80) end -= 1;
    if (end > 0 && bytes[end - 1] >= 0xc0) end -= 1;
    bytes = bytes.subarray(0, end);
  }
  try {
    return { text: decoder('utf-8', true)!.decode(bytes), encoding: 'utf-8', truncated };
  } catch {
    const gb = decoder('gb18030', false);
    if (gb) return { text: gb.decode(bytes), encoding: 'gb18030', truncated };
    return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8', truncated };
  }
}

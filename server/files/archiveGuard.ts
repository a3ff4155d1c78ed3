import zlib from 'node:zlib';
import {
  ARCHIVE_RATIO_MIN_BYTES, MAX_ARCHIVE_ENTRIES, MAX_ARCHIVE_RATIO, MAX_ARCHIVE_UNCOMPRESSED_BYTES,
} from '../../runtime/core/constants';

/**
 * Decompression guard for zip-based uploads (xlsx, docx): read the central directory from the
 * buffer, refuse what would inflate too far, then inflate each entry once into nothing, counting,
 * so an entry that lies about its size is caught at its declared size instead of after
 * exhausting the heap. Only then may a parser (exceljs → jszip) open the file.
 */

export interface ArchiveLimits {
  maxTotalBytes: number;
  maxEntries: number;
  maxRatio: number;
  ratioMinBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxTotalBytes: MAX_ARCHIVE_UNCOMPRESSED_BYTES,
  maxEntries: MAX_ARCHIVE_ENTRIES,
  maxRatio: MAX_ARCHIVE_RATIO,
  ratioMinBytes: ARCHIVE_RATIO_MIN_BYTES,
};

/** `unreadable`: not a zip a parser could open; `tooLarge`: it would inflate past the limits. */
export type ArchiveVerdict = { ok: true; totalBytes: number } | { ok: false; problem: 'unreadable' | 'tooLarge' };

interface Entry { name: string; method: number; compressedSize: number; uncompressedSize: number; localOffset: number }

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const SATURATED_32 = 0xffffffff;
const SATURATED_16 = 0xffff;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;

class Unreadable extends Error {}

function need(buffer: Buffer, offset: number, length: number): void {
  if (offset < 0 || length < 0 || offset + length > buffer.length) throw new Unreadable();
}

function u16(buffer: Buffer, offset: number): number {
  need(buffer, offset, 2);
  return buffer.readUInt16LE(offset);
}

function u32(buffer: Buffer, offset: number): number {
  need(buffer, offset, 4);
  return buffer.readUInt32LE(offset);
}

/** A 64-bit size; anything past 2^53 is beyond every limit anyway. */
function u64(buffer: Buffer, offset: number): number {
  need(buffer, offset, 8);
  return Number(buffer.readBigUInt64LE(offset));
}

function findEndOfCentralDirectory(buffer: Buffer): number {
  const earliest = Math.max(0, buffer.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = buffer.length - EOCD_SIZE; at >= earliest; at -= 1) {
    if (buffer.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw new Unreadable();
}

/** Where the central directory starts and how many entries it lists (zip64 when saturated). */
function centralDirectory(buffer: Buffer): { offset: number; count: number } {
  const eocd = findEndOfCentralDirectory(buffer);
  let count = u16(buffer, eocd + 10);
  let offset = u32(buffer, eocd + 16);
  if (count === SATURATED_16 || offset === SATURATED_32) {
    const locator = eocd - 20;
    if (u32(buffer, locator) !== ZIP64_LOCATOR_SIGNATURE) throw new Unreadable();
    const zip64 = u64(buffer, locator + 8);
    if (u32(buffer, zip64) !== ZIP64_EOCD_SIGNATURE) throw new Unreadable();
    count = u64(buffer, zip64 + 32);
    offset = u64(buffer, zip64 + 48);
  }
  return { offset, count };
}

/** Sizes saturated at 0xFFFFFFFF live in the zip64 extra field, in this order. */
function applyZip64Extra(buffer: Buffer, start: number, length: number, entry: Entry): void {
  for (let at = start; at + 4 <= start + length;) {
    const id = u16(buffer, at);
    const size = u16(buffer, at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      if (entry.uncompressedSize === SATURATED_32) { entry.uncompressedSize = u64(buffer, field); field += 8; }
      if (entry.compressedSize === SATURATED_32) { entry.compressedSize = u64(buffer, field); field += 8; }
      if (entry.localOffset === SATURATED_32) entry.localOffset = u64(buffer, field);
      return;
    }
    at += 4 + size;
  }
}

function readEntries(buffer: Buffer, limits: ArchiveLimits): Entry[] | 'tooMany' {
  const { offset, count } = centralDirectory(buffer);
  if (count > limits.maxEntries) return 'tooMany';
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (u32(buffer, at) !== CENTRAL_SIGNATURE) throw new Unreadable();
    const nameLength = u16(buffer, at + 28);
    need(buffer, at + 46, nameLength);
    const entry: Entry = {
      name: buffer.toString('utf8', at + 46, at + 46 + nameLength),
      method: u16(buffer, at + 10),
      compressedSize: u32(buffer, at + 20),
      uncompressedSize: u32(buffer, at + 24),
      localOffset: u32(buffer, at + 42),
    };
    const extraLength = u16(buffer, at + 30);
    const commentLength = u16(buffer, at + 32);
    applyZip64Extra(buffer, at + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's compressed bytes, found through its local header. */
function compressedData(buffer: Buffer, entry: Entry): Buffer {
  if (u32(buffer, entry.localOffset) !== LOCAL_SIGNATURE) throw new Unreadable();
  const start = entry.localOffset + 30 + u16(buffer, entry.localOffset + 26) + u16(buffer, entry.localOffset + 28);
  need(buffer, start, entry.compressedSize);
  return buffer.subarray(start, start + entry.compressedSize);
}

/** Inflates into nothing, stopping as soon as more than `max` bytes came out. */
async function inflatesWithin(data: Buffer, max: number): Promise<boolean> {
  const inflater = zlib.createInflateRaw();
  inflater.end(data);
  let produced = 0;
  try {
    for await (const chunk of inflater) {
      produced += (chunk as Buffer).length;
      if (produced > max) return false;
    }
  } catch {
    throw new Unreadable();
  } finally {
    inflater.destroy();
  }
  return true;
}

export async function inspectArchive(buffer: Buffer, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<ArchiveVerdict> {
  try {
    const entries = readEntries(buffer, limits);
    if (entries === 'tooMany') return { ok: false, problem: 'tooLarge' };
    let total = 0;
    for (const entry of entries) {
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) return { ok: false, problem: 'tooLarge' };
      const big = entry.uncompressedSize >= limits.ratioMinBytes;
      if (big && entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)) return { ok: false, problem: 'tooLarge' };
      if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATE) throw new Unreadable();
    }
    // The declared sizes passed: hold every entry to its own.
    for (const entry of entries) {
      const data = compressedData(buffer, entry);
      if (entry.method === METHOD_STORED ? data.length > entry.uncompressedSize : !(await inflatesWithin(data, entry.uncompressedSize))) {
        return { ok: false, problem: 'tooLarge' };
      }
    }
    return { ok: true, totalBytes: total };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, problem: 'unreadable' };
    throw error;
  }
}

/**
 * The first `bytes` bytes (or fewer) of the entry named `name`, inflated; undefined when the file
 * has no such entry or cannot be read. For a file inspectArchive has passed.
 */
export async function entryHead(buffer: Buffer, name: string, bytes: number): Promise<Buffer | undefined> {
  try {
    const entries = readEntries(buffer, DEFAULT_ARCHIVE_LIMITS);
    const entry = entries === 'tooMany' ? undefined : entries.find((e) => e.name === name);
    if (!entry) return undefined;
    const data = compressedData(buffer, entry);
    if (entry.method === METHOD_STORED) return data.subarray(0, bytes);
    const inflater = zlib.createInflateRaw();
    inflater.end(data);
    const chunks: Buffer[] = [];
    let produced = 0;
    try {
      for await (const chunk of inflater) {
        chunks.push(chunk as Buffer);
        produced += (chunk as Buffer).length;
        if (produced >= bytes) break;
      }
    } finally {
      inflater.destroy();
    }
    return Buffer.concat(chunks).subarray(0, bytes);
  } catch {
    return undefined;
  }
}

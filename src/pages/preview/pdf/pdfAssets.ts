// pdf.js with everything it may fetch taken from the installed package and emitted by Vite as
// files of the app's own build: the worker, the predefined CMaps (needed by Chinese, Japanese and
// Korean PDFs that do not embed their fonts), the standard fonts and the image-decoder wasm.
// Nothing is fetched from a CDN. The legacy build runs on the older browsers intranets still use.
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

const CMAPS = import.meta.glob('/node_modules/pdfjs-dist/cmaps/*.bcmap', { query: '?url&no-inline', import: 'default', eager: true, exhaustive: true }) as Record<string, string>;
const FONTS = import.meta.glob(['/node_modules/pdfjs-dist/standard_fonts/*.pfb', '/node_modules/pdfjs-dist/standard_fonts/*.ttf'], { query: '?url&no-inline', import: 'default', eager: true, exhaustive: true }) as Record<string, string>;
const WASM = import.meta.glob(['/node_modules/pdfjs-dist/wasm/jbig2.wasm', '/node_modules/pdfjs-dist/wasm/openjpeg.wasm'], { query: '?url&no-inline', import: 'default', eager: true, exhaustive: true }) as Record<string, string>;

function byFileName(urls: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(urls).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));
}

const FILES: Record<string, Map<string, string>> = {
  cMapUrl: byFileName(CMAPS),
  standardFontDataUrl: byFileName(FONTS),
  wasmUrl: byFileName(WASM),
};

/**
 * pdf.js asks for its data files by kind and name; Vite gave each a hashed URL, so the names are
 * looked up here instead of being appended to a folder URL (`useWorkerFetch: false`).
 */
class BundledBinaryDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = FILES[kind]?.get(filename);
    if (!url) throw new Error(`pdf.js data file ${kind}/${filename} is not bundled`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`pdf.js data file ${filename}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export { pdfjs };

/** Opens a PDF from its bytes (the bytes are handed to the worker). */
export function openPdf(data: ArrayBuffer) {
  return pdfjs.getDocument({
    data: new Uint8Array(data.slice(0)),
    // Folder URLs are required to be set for the factory to be asked; the factory ignores them.
    cMapUrl: 'bundled/cmaps/',
    cMapPacked: true,
    standardFontDataUrl: 'bundled/standard_fonts/',
    wasmUrl: 'bundled/wasm/',
    useWorkerFetch: false,
    BinaryDataFactory: BundledBinaryDataFactory,
    isEvalSupported: false,
  });
}

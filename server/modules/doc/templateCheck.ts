import PizZip from 'pizzip';
import Docxtemplater from 'docxtemplater';
import { ApiError } from '../../http/ApiError';

/**
 * The placeholders a red-header template may use (docs in the DocTemplate schema and the form's
 * tips). Single braces, docxtemplater's default delimiters; {body} is the current body's text,
 * one paragraph per line.
 */
export const TEMPLATE_TAGS = ['authority', 'docNo', 'title', 'date', 'signer', 'mainTo', 'copyTo', 'urgency', 'secretLevel', 'body'] as const;
export type TemplateValues = Record<(typeof TEMPLATE_TAGS)[number], string>;

interface TemplateErrorDetail { properties?: { explanation?: string; xtag?: string; id?: string } }

/** docxtemplater's explanation of the first template error ("The tag beginning with "{docNo" is unclosed"). */
function syntaxDetail(error: unknown): string {
  const multi = (error as { properties?: { errors?: TemplateErrorDetail[] } }).properties?.errors;
  const first = multi?.[0] ?? (error as TemplateErrorDetail);
  return first.properties?.explanation ?? (error as Error).message;
}

/**
 * Opens a template and compiles it, refusing (code 100, the template's name in the message) a
 * file that is not a .docx, placeholders whose braces do not pair, and placeholders outside
 * TEMPLATE_TAGS (a typo such as {docno} would silently print nothing). Returns the compiled
 * document, ready to render.
 */
export function compileTemplate(buffer: Buffer, name: string): Docxtemplater {
  let zip: PizZip;
  try {
    zip = new PizZip(buffer);
  } catch {
    throw ApiError.business('doc.error.notDocx', { name });
  }
  if (!zip.file('word/document.xml')) throw ApiError.business('doc.error.notDocx', { name });
  // The parser is asked once for every tag while the template compiles: that is where the tags are seen.
  const tags = new Set<string>();
  const parser = (tag: string) => {
    tags.add(tag);
    return { get: (scope: Record<string, unknown>) => scope[tag] };
  };
  let doc: Docxtemplater;
  try {
    doc = new Docxtemplater(zip, { paragraphLoop: true, linebreaks: true, parser, nullGetter: () => '', errorLogging: false });
  } catch (error) {
    throw ApiError.business('doc.error.templateSyntax', { name, detail: syntaxDetail(error) });
  }
  const unknown = [...tags].filter((tag) => !(TEMPLATE_TAGS as readonly string[]).includes(tag));
  if (unknown.length) {
    throw ApiError.business('doc.error.unknownPlaceholder', {
      name, tags: unknown.map((t) => `{${t}}`).join(' '), allowed: TEMPLATE_TAGS.map((t) => `{${t}}`).join(' '),
    });
  }
  return doc;
}

/** The filled .docx. */
export function renderTemplate(doc: Docxtemplater, values: TemplateValues): Buffer {
  doc.render(values);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

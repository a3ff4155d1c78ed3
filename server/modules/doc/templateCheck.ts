import PizZip from 'pizzip';
import Docxtemplater from 'docxtemplater';
import { ApiError } from '../../http/ApiError';

/**
 * The placeholders a red-header template may use (docs/OFFICIAL-DOCUMENTS.md, the DocTemplate
 * schema and the form's tips). Single braces, docxtemplater's default delimiters. {@body} (a raw
 * XML tag, alone in its paragraph) is the current body with its formatting (bodyFragment.ts);
 * {body} its text, one paragraph per line, as templates made before {@body} use it; {%seal} the
 * template's seal picture (sealImage.ts), nothing when it has none.
 */
export const TEMPLATE_TAGS = ['authority', 'docNo', 'title', 'date', 'signer', 'mainTo', 'copyTo', 'urgency', 'secretLevel', 'body', '@body', '%seal'] as const;
export type TemplateTag = (typeof TEMPLATE_TAGS)[number];
export type TemplateValues = Record<TemplateTag, string>;

/** A compiled template and the placeholders it uses (a raw tag as `@name`). */
export interface CompiledTemplate { doc: Docxtemplater; tags: ReadonlySet<string> }

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
 * document, ready to render, with the tags it uses.
 */
export function compileTemplate(buffer: Buffer, name: string): CompiledTemplate {
  let zip: PizZip;
  try {
    zip = new PizZip(buffer);
  } catch {
    throw ApiError.business('doc.error.notDocx', { name });
  }
  if (!zip.file('word/document.xml')) throw ApiError.business('doc.error.notDocx', { name });
  // The parser is asked once for every tag while the template compiles: that is where the tags are seen.
  const tags = new Set<string>();
  // A raw tag ({@body}) reaches the parser as "body": its value is the one named "@body".
  const parser = (tag: string, meta?: { tag?: { module?: string } }) => {
    const key = meta?.tag?.module === 'rawxml' ? `@${tag}` : tag;
    tags.add(key);
    return { get: (scope: Record<string, unknown>) => scope[key] };
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
  return { doc, tags };
}

/** The filled .docx; `afterRender` adds what the render does not write (the package's commit: pictures, styles). */
export function renderTemplate(doc: Docxtemplater, values: TemplateValues, afterRender?: () => void): Buffer {
  doc.render(values);
  afterRender?.();
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

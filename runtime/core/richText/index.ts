export { ATTACH_ID_PATTERN, attachIdsInHtml, htmlToPlainText, looksLikeHtml } from './htmlText';
export { BODY_TEMPLATE_SOURCES, bodyTemplateSource, type BodyTemplateSource } from './bodyTemplates';

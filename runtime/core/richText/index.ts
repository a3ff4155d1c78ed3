export { ATTACH_ID_PATTERN, attachIdsInHtml, htmlToPlainText, looksLikeHtml } from './htmlText';

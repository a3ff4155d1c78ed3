import { buildDocx, type DocxParagraph } from './docxFiles';
import { demoSealPng } from './demoSeal';

const RED = 'C00000';

/** A body as the demo drafts it: 仿宋 三号, one paragraph per text. */
export function demoBody(paragraphs: readonly string[]): Buffer {
  return buildDocx(paragraphs.map((text) => ({ text, size: 32 })));
}

/**
 * The two demo red-header templates (GB/T 9704 layout, simplified): a 文件 head for notices,
 * stamped with the seal (demoSeal.ts) above the authority's name, and a 函 head for letters.
 */
export function demoTemplates(): { name: string; docType: string; remark: string; bytes: Buffer; seal?: Buffer }[] {
  const notice: DocxParagraph[] = [
    { text: '{secretLevel}　{urgency}', size: 28, font: '黑体' },
    { text: '{authority}文件', align: 'center', bold: true, size: 52, color: RED, font: '宋体' },
    { text: '' },
    { text: '{docNo}', align: 'center', size: 32, ruleColor: RED },
    { text: '' },
    { text: '{title}', align: 'center', bold: true, size: 44, font: '宋体' },
    { text: '{mainTo}：' },
    { text: '{@body}' },
    { text: '{%seal}', align: 'right' },
    { text: '{authority}', align: 'right' },
    { text: '{date}', align: 'right' },
    { text: '抄送：{copyTo}', size: 28, ruleColor: RED },
  ];
  const letter: DocxParagraph[] = [
    { text: '{authority}', align: 'center', bold: true, size: 56, color: RED, font: '宋体', ruleColor: RED },
    { text: '{docNo}', align: 'right', size: 32 },
    { text: '{title}', align: 'center', bold: true, size: 44, font: '宋体' },
    { text: '{mainTo}：' },
    { text: '{@body}' },
    { text: '' },
    { text: '{authority}', align: 'right' },
    { text: '{date}', align: 'right' },
    { text: '签发人：{signer}', size: 28 },
  ];
  return [
    { name: '通用红头文件（通知）', docType: 'notice', remark: '集团发文通用，红色发文机关标志与红色分隔线，加盖公章', bytes: buildDocx(notice), seal: demoSealPng() },
    { name: '函件红头', docType: 'letter', remark: '对外商洽工作、询问和答复问题', bytes: buildDocx(letter) },
  ];
}

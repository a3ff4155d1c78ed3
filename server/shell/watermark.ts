import type { Principal } from '../auth/Principal';
import type { SystemSettings } from '../sysConfig';

export interface SessionWatermark {
  waterMark: '1' | '0';
  waterMarkContent: string;
  waterMarkSubtext: string;
}

const PLACEHOLDER = /\{(userName|accountId|deptName|unitName)\}/g;

/** Replaces {userName}, {accountId}, {deptName}, {unitName} with the signed-in user's. */
export function fillWatermarkText(text: string, principal: Pick<Principal, 'userName' | 'accountId' | 'deptName' | 'unitName'>): string {
  return text.replace(PLACEHOLDER, (_, name: 'userName' | 'accountId' | 'deptName' | 'unitName') => principal[name] ?? '');
}

/**
 * The watermark fields of a sign-in answer (WATER_MARK, WATER_MARK_CONTENT, WATER_MARK_SUBTEXT):
 * the stored configuration's texts with the user's values filled in; without texts, the user's
 * name over their account, so a photographed screen still tells whose it was.
 */
export function sessionWatermark(settings: SystemSettings['waterMark'], principal: Pick<Principal, 'userName' | 'accountId' | 'deptName' | 'unitName'>): SessionWatermark {
  if (!settings.enabled) return { waterMark: '0', waterMarkContent: '', waterMarkSubtext: '' };
  return {
    waterMark: '1',
    waterMarkContent: fillWatermarkText(settings.content || '{userName}', principal),
    waterMarkSubtext: fillWatermarkText(settings.subtext || '{accountId}', principal),
  };
}

import { isDivisionCode } from './divisions';

/**
 * The division code in an IP-location provider's answer (server/adapters/geo/README.md):
 * `cityCode`, or `adcode` as common Chinese map services name it, six digits as text or number.
 * An empty value or an array (some services answer `[]` for addresses they cannot place) means
 * "not located"; anything else unexpected is a malformed answer.
 */
export type LocationAnswerCheck = { ok: true; code: string | null } | { ok: false; problem: string };

export function readLocationAnswer(answer: unknown): LocationAnswerCheck {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return { ok: false, problem: 'the answer is not a JSON object' };
  const record = answer as Record<string, unknown>;
  const raw = record.cityCode ?? record.adcode;
  if (raw === undefined || raw === null || raw === '' || Array.isArray(raw)) return { ok: true, code: null };
  const code = typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : raw;
  if (!isDivisionCode(code)) return { ok: false, problem: 'cityCode (or adcode) must be a six-digit division code' };
  return { ok: true, code };
}

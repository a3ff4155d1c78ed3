import { isHexColor } from '../../runtime/core/theme';
import type { CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity } from '../context';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';

/** '#0C8' → '#00cc88'; '' stays '' (back to the configured colour). */
export function normaliseTheme(raw: unknown): string | null {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return '';
  if (!isHexColor(text)) return null;
  const digits = text.replace(/^#/, '').toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

/**
 * POST /set/system/saveMyTheme {theme}: the signed-in user's theme colour (the `theme` field of
 * their user record, returned in userInfo at sign-in). '' forgets it, so the configured colour applies.
 */
export const saveMyThemeCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const theme = normaliseTheme(request.params.theme);
    if (theme === null) throw ApiError.business('shell.theme.badColor');
    const users = systemEntity(request.ctx, 'User');
    await request.ctx.database.db.updateTable(users.table)
      .set({ theme, updateTime: nowText() })
      .where('userId', '=', principal.userId)
      .execute();
    return { theme };
  },
};

import type { CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { readIdList } from '../http/normaliseBody';
import { arrangeDesk, readDeskLayout, writeDeskLayout } from './deskLayout';
import { visibleWidgets } from './deskWidgets';
import { translatedText } from '../entity/translatedText';

/** GET getMyDesk: the widgets this user may see, arranged and hidden as the user saved them. */
export const getMyDeskCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    // Built-in widgets are titled by language-pack keys: the reader gets their own language.
    const widgets = (await visibleWidgets(request.ctx, principal))
      .map((widget) => ({ ...widget, title: translatedText(request.ctx.i18n, request.lang, widget.title) }));
    const layout = await readDeskLayout(request.ctx.database.db, principal.userId);
    return { widgets: arrangeDesk(widgets, layout), customised: layout !== undefined };
  },
};

/**
 * POST saveMyDesk `order[]`, `hidden[]` (widget codes): the user's arrangement. Every code must
 * be a widget this user may see, at most once in the order; nothing is stored otherwise.
 */
export const saveMyDeskCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const order = readIdList(request.params.order);
    const hidden = [...new Set(readIdList(request.params.hidden))];
    const visible = new Set((await visibleWidgets(request.ctx, principal)).map((w) => w.widgetCode));
    const unknown = [...order, ...hidden].find((code) => !visible.has(code));
    if (unknown !== undefined) throw ApiError.business('desk.widgetNotAvailable', { code: unknown.slice(0, 60) });
    const repeated = order.find((code, index) => order.indexOf(code) !== index);
    if (repeated !== undefined) throw ApiError.business('desk.widgetRepeated', { code: repeated });
    await writeDeskLayout(request.ctx.database.db, principal.userId, { order, hidden });
    return null;
  },
};

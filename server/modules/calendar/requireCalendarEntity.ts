import type { EntityDef } from '../../../runtime/core/schema';
import type { ServerContext } from '../../context';

/** The calendar entry schema this module's code serves; its absence is a broken installation. */
export function requireCalendarEntity(ctx: ServerContext): EntityDef {
  const entity = ctx.registry.entities.get('CalendarEntry');
  if (!entity) throw new Error('the schema CalendarEntry is missing from schemas/calendar/');
  return entity;
}

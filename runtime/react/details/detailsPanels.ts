import type { ComponentType } from 'react';
import type { EntityDef } from '../../core/schema/types';
import type { Row } from '../format/fieldValues';

/** What a panel is given: the entity and the record the details screen shows. */
export interface DetailsPanelProps {
  entity: EntityDef;
  row: Row;
}

export interface DetailsPanel {
  /** Unique on its entity's screen: registering the name again replaces the panel (a module reloaded in development). */
  name: string;
  component: ComponentType<DetailsPanelProps>;
  /** The title (i18n key) of the details section it follows; without one, or naming none, it comes after the last. */
  afterSection?: string;
}

const panels = new Map<string, Map<string, DetailsPanel>>();

/**
 * A block of the shell's own on an entity's details screen, for what belongs on that screen but
 * is no field of the record (the system configuration's sign-in background, kept apart from its
 * row). The shell registers it before the entity screens render (src/pages/entity); the panel
 * makes its own calls and checks its own permissions. A lazy component may be given: the screen
 * waits for it in a Suspense boundary.
 */
export function registerDetailsPanel(entity: string, panel: DetailsPanel): void {
  const ofEntity = panels.get(entity) ?? new Map<string, DetailsPanel>();
  ofEntity.set(panel.name, panel);
  panels.set(entity, ofEntity);
}

export function detailsPanelsOf(entity: string): readonly DetailsPanel[] {
  return [...(panels.get(entity)?.values() ?? [])];
}

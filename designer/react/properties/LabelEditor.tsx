import type { FieldDef } from '../../../runtime/core/schema';
import type { PropertyDef } from '../../core';
import { useDesignState } from '../state/useDesignState';
import { MessageTextsInput } from './MessageTextsInput';

interface Props {
  /** The i18n key the property holds; empty when not set yet. */
  keyName: string;
  nodeId: string;
  def: PropertyDef;
  field: FieldDef | undefined;
  /** Writes the key into the property (a new key when the text is typed for the first time). */
  onKeyChange(key: string): void;
}

/**
 * A text property of a node held as an i18n key (a label, a tab title, tips), in both languages;
 * a property with no key yet gets entity.<E>.<property>.<field or node>.
 */
export function LabelEditor({ keyName, nodeId, def, field, onKeyChange }: Props) {
  const entityName = useDesignState((state) => state.document.entity.name);
  return (
    <MessageTextsInput keyName={keyName} onKeyChange={onKeyChange} mergeKey={`${nodeId}:${def.name}`}
      newKey={() => `entity.${entityName}.${def.name.replace(/^field\./, '')}.${field?.name ?? nodeId}`} />
  );
}

import { useField } from '@formily/react';
import { RemoteSelect, type RemoteSelectProps } from './RemoteSelect';
import type { SelectOption } from './usePagedOptions';
import { useRelatedNames } from './useRelatedNames';
import { UserSelect } from './UserSelect';

/**
 * Keeps the form's `{field}Name` beside the chosen ids, as a loaded row has it: the names read
 * back for the new choice are its own, never the previous person's name paired with a new id.
 */
function useNamesKeeper(props: RemoteSelectProps): (labels: SelectOption[]) => void {
  const field = useField();
  return (labels) => {
    props.onLabels?.(labels);
    field?.form.setValuesIn(`${field.path.toString()}Name`, labels.length ? labels.map((option) => option.label).join(',') : null);
  };
}

/** The remote select inside a Formily form, naming its initial values from the loaded row. */
export function FormRemoteSelect(props: RemoteSelectProps) {
  const knownLabels = useRelatedNames(props.value);
  return <RemoteSelect {...props} knownLabels={knownLabels} onLabels={useNamesKeeper(props)} />;
}

/** The user select (with the 选择人员 dialog) inside a Formily form, likewise. */
export function FormUserSelect(props: RemoteSelectProps) {
  const knownLabels = useRelatedNames(props.value);
  return <UserSelect {...props} knownLabels={knownLabels} onLabels={useNamesKeeper(props)} />;
}

import { RemoteSelect, type RemoteSelectProps } from './RemoteSelect';
import { useRelatedNames } from './useRelatedNames';
import { UserSelect } from './UserSelect';

/** The remote select inside a Formily form, naming its initial values from the loaded row. */
export function FormRemoteSelect(props: RemoteSelectProps) {
  const knownLabels = useRelatedNames(props.value);
  return <RemoteSelect {...props} knownLabels={knownLabels} />;
}

/** The user select (with the 选择人员 dialog) inside a Formily form, likewise. */
export function FormUserSelect(props: RemoteSelectProps) {
  const knownLabels = useRelatedNames(props.value);
  return <UserSelect {...props} knownLabels={knownLabels} />;
}

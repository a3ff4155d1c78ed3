import { RemoteSelect, type RemoteSelectProps } from './RemoteSelect';
import { useRelatedNames } from './useRelatedNames';

/** The remote select inside a Formily form, naming its initial values from the loaded row. */
export function FormRemoteSelect(props: RemoteSelectProps) {
  const knownLabels = useRelatedNames(props.value);
  return <RemoteSelect {...props} knownLabels={knownLabels} />;
}

import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowNameProblem } from '../../../core';
import styles from '../../designer.module.css';

interface Props {
  name: string;
  /** Names of the other states (or transitions): a rename onto one of them is refused. */
  taken: readonly string[];
  onRename(to: string): void;
  'data-testid'?: string;
}

/**
 * A state's or transition's name: renamed when the input is left or Enter pressed (everything
 * naming it follows), not at each keystroke, which would merge it into a name typed on the way.
 */
export function NameInput({ name, taken, onRename, 'data-testid': testId }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(name);
  const [problem, setProblem] = useState<string>();
  useEffect(() => { setDraft(name); setProblem(undefined); }, [name]);
  const commit = () => {
    const to = draft.trim();
    if (to === name) { setProblem(undefined); return; }
    const refused = flowNameProblem(to, taken);
    if (refused) { setProblem(t(refused, { name: to })); return; }
    setProblem(undefined);
    onRename(to);
  };
  return (
    <div>
      <Input size="small" value={draft} status={problem ? 'error' : undefined} style={{ fontFamily: 'monospace' }} data-testid={testId}
        onChange={(event) => setDraft(event.target.value)} onBlur={commit} onPressEnter={commit} />
      {problem && <div className={styles.expressionError} role="alert">{problem}</div>}
    </div>
  );
}

import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../runtime/react';

interface DictionaryRoot { code?: string; label?: string }

/** The dictionaries there are: the top rows of the Dic tree (系统管理 › 字典), each a code with its items below. */
const DIC_TREE_PATH = '/get/system/getDicTree';

/** A select of the dictionary codes by their names (the tree answers the seeded names as keys, `dic.<code>.label`). */
export function DictionaryEditor({ value, onChange }: { value: string; onChange(value: string | undefined): void }) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const [roots, setRoots] = useState<DictionaryRoot[]>();
  useEffect(() => {
    let alive = true;
    request.get<DictionaryRoot[]>(DIC_TREE_PATH, undefined, { quiet: true })
      .then((answer) => { if (alive) setRoots(Array.isArray(answer.data) ? answer.data : []); }, () => { if (alive) setRoots([]); });
    return () => { alive = false; };
  }, [request]);
  const options = (roots ?? []).filter((root) => root.code).map((root) => ({ value: root.code as string, label: `${t(root.label ?? '', { defaultValue: root.label ?? '', nsSeparator: false })} · ${root.code}` }));
  return (
    <Select showSearch optionFilterProp="label" loading={roots === undefined} value={value || undefined} style={{ width: '100%' }}
      options={options} onChange={(next) => onChange(next)} data-testid="design-dictionary" />
  );
}

import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { request } from '../../../request';

interface Option { value: string; label: string }

/**
 * People or departments to grant, searched by name through the open select calls
 * (getUserListForSelect, getDeptListForSelect): anyone who manages a folder may pick them.
 */
export function SubjectSelect({ kind, value, onChange, placeholder }: { kind: 'user' | 'dept'; value: string[]; onChange: (ids: string[]) => void; placeholder: string }) {
  const [options, setOptions] = useState<Option[]>([]);
  const [keyword, setKeyword] = useState('');
  const [known, setKnown] = useState<Record<string, string>>({});

  useEffect(() => {
    let current = true;
    const url = kind === 'user' ? '/get/system/getUserListForSelect' : '/get/system/getDeptListForSelect';
    request.get<{ list: Record<string, unknown>[] }>(url, { page: 1, pageSize: 20, keyword }, { quiet: true }).then((answer) => {
      if (!current) return;
      setOptions(answer.data.list.map((row) => kind === 'user'
        ? { value: String(row.userId), label: `${String(row.userName)}（${String(row.accountId ?? '')}）` }
        : { value: String(row.deptId), label: String(row.deptName) }));
    }).catch(() => undefined);
    return () => { current = false; };
  }, [kind, keyword]);

  const shown = [...options, ...value.filter((id) => !options.some((o) => o.value === id)).map((id) => ({ value: id, label: known[id] ?? id }))];
  return (
    <Select mode="multiple" showSearch filterOption={false} style={{ width: '100%' }} placeholder={placeholder} options={shown} value={value}
      onSearch={setKeyword} data-testid={`grant-${kind}-select`}
      onChange={(ids: string[], chosen) => {
        const labels = Object.fromEntries((Array.isArray(chosen) ? chosen : [chosen]).filter(Boolean).map((o) => [String((o as Option).value), String((o as Option).label)]));
        setKnown((k) => ({ ...k, ...labels }));
        onChange(ids);
      }} />
  );
}

import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

export interface RemoteOptions { url: string; labelField?: string; valueField?: string; params?: Record<string, string | number> }

/** A call under /capi answering the options, and which of its row fields are label and value. */
export function RemoteOptionsEditor({ value, onChange }: { value: RemoteOptions | undefined; onChange(value: RemoteOptions | undefined): void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<RemoteOptions>) => {
    const next = { ...(value ?? { url: '' }), ...patch };
    // Without a url there is nothing to call: the whole property goes.
    onChange(next.url ? next : undefined);
  };
  const input = (name: 'url' | 'labelField' | 'valueField', placeholder: string) => (
    <Input size="small" style={{ marginBottom: 4 }} addonBefore={t(`designer.remoteOptions.${name}`)} placeholder={placeholder}
      value={value?.[name] ?? ''} onChange={(event) => set({ [name]: event.target.value || undefined })} />
  );
  return (
    <div>
      {input('url', '/get/system/getDicByCode')}
      {input('labelField', 'label')}
      {input('valueField', 'value')}
    </div>
  );
}

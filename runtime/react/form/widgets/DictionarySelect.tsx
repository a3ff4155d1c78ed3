import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../data/useDictionary';
import { LoadedOptionsSelect } from './LoadedOptionsSelect';
import type { WidgetProps } from './WidgetProps';

export interface DictionarySelectProps extends WidgetProps<string | number> {
  code?: string;
  multiple?: boolean;
}

/** The options of a dictionary code (getDicByCode), labels translated when they are keys. */
export function DictionarySelect({ code, multiple = false, ...props }: DictionarySelectProps) {
  const { t } = useTranslation();
  const options = useDictionary(code).map((option) => ({ label: t(option.label), value: String(option.value) }));
  return <LoadedOptionsSelect {...props} options={options} multiple={multiple} />;
}

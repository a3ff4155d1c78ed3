/**
 * Dictionary options carry the spec's tag types (primary/success/info/warning/danger); antd
 * names its tag colours differently. Anything else (a preset colour or #hex) passes through.
 */
const TAG_TYPE_COLORS: Record<string, string> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

export function tagColor(tagType: string | undefined): string | undefined {
  if (!tagType) return undefined;
  return TAG_TYPE_COLORS[tagType] ?? tagType;
}

/** What Formily (and the filter drawer) hand a value control. */
export interface WidgetProps<V> {
  value?: V | null;
  onChange?: (value: V | null) => void;
  disabled?: boolean;
  placeholder?: string;
  'data-testid'?: string;
}

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

type OptionSelectProps<T extends string> = {
  value: T;
  onValueChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
  disabled?: boolean;
  'aria-label'?: string;
  onBlur?: () => void;
  'aria-describedby'?: string | undefined;
};

/**
 * A Select of fixed options. Inside a FormField its trigger takes the field's label, hint and error;
 * outside one, `aria-label` names it and `aria-describedby` gives it a hint.
 */
export function OptionSelect<T extends string>({
  value,
  onValueChange,
  options,
  disabled,
  ...trigger
}: OptionSelectProps<T>) {
  return (
    <Select value={value} onValueChange={(next) => onValueChange(next as T)} disabled={disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

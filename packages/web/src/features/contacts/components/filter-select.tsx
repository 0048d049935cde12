import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export type FilterSelectOption = { value: string; label: string };

export type FilterSelectProps = {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly FilterSelectOption[];
  disabled?: boolean;
  'aria-describedby'?: string | undefined;
};

/** A filter of the Contacts screen (relationship, sort field, direction). */
export function FilterSelect({
  id,
  value,
  onValueChange,
  options,
  disabled,
  'aria-describedby': describedBy,
}: FilterSelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger id={id} aria-describedby={describedBy}>
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

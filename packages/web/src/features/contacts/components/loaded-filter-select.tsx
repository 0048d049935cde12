import { useEffect, useRef } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/* The props live here so that filter-select.tsx, which loads this module on demand, imports it one way only. */
export type FilterSelectOption = { value: string; label: string };

export type FilterSelectProps = {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly FilterSelectOption[];
  disabled?: boolean;
  'aria-describedby'?: string | undefined;
};

export type LoadedFilterSelectProps = FilterSelectProps & {
  /** Opened before the code arrived: open at once. */
  defaultOpen: boolean;
  /** The stand-in trigger had the focus: the real one takes it over. */
  focusOnMount: boolean;
};

/** The radix Select of a Contacts filter (see filter-select.tsx). */
export function LoadedFilterSelect({
  id,
  value,
  onValueChange,
  options,
  disabled,
  defaultOpen,
  focusOnMount,
  'aria-describedby': describedBy,
}: LoadedFilterSelectProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) trigger.current?.focus();
    // Only when it replaces the stand-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} defaultOpen={defaultOpen}>
      <SelectTrigger ref={trigger} id={id} aria-describedby={describedBy}>
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

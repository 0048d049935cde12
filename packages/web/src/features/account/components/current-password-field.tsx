import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** The account's password, typed again to confirm a change to it (two-factor, deleting the account). */
export function CurrentPasswordField({
  label,
  error,
  value,
  onChange,
}: {
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error}>
      <Input
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { Input } from './input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

function FrequencyField({ error }: { error?: string }) {
  return (
    <FormField label="Sharing Frequency" hint="How often" error={error}>
      <Select value="weekly">
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="daily">Daily</SelectItem>
          <SelectItem value="weekly">Weekly</SelectItem>
        </SelectContent>
      </Select>
    </FormField>
  );
}

describe('FormField', () => {
  it('names and describes a plain control', () => {
    render(
      <FormField label="Name" hint="As your contacts know you" error="Name required">
        <Input />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAccessibleDescription('As your contacts know you Name required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it("labels a Select's trigger, the element a user reaches, and gives it the hint and error", () => {
    const { rerender } = render(<FrequencyField />);
    const trigger = screen.getByRole('combobox', { name: 'Sharing Frequency' });
    expect(trigger).toHaveAccessibleDescription('How often');
    expect(trigger).not.toHaveAttribute('aria-invalid');
    // The label's htmlFor reaches the trigger too, so a click on the label focuses it.
    expect(screen.getByText('Sharing Frequency')).toHaveAttribute('for', trigger.id);

    rerender(<FrequencyField error="Pick a frequency" />);
    expect(trigger).toHaveAccessibleDescription('How often Pick a frequency');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
  });

  it('leaves a Select outside a FormField alone', () => {
    render(
      <Select value="daily">
        <SelectTrigger aria-label="Frequency">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="daily">Daily</SelectItem>
        </SelectContent>
      </Select>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Frequency' });
    expect(trigger).not.toHaveAttribute('id');
    expect(trigger).not.toHaveAttribute('aria-describedby');
  });

  it("translates a form's own error, a catalogue key, and shows the server's as it came", () => {
    const { rerender } = render(
      <FormField label="Email" error={{ type: 'required', message: 'validation.required' }}>
        <Input />
      </FormField>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');

    rerender(
      <FormField label="Email" error={{ type: 'server', message: 'validation.required: already taken' }}>
        <Input />
      </FormField>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^validation\.required: already taken$/);
  });
});

import {
  preferenceGroupLabelKey,
  preferenceGroups,
  preferenceOptionLabelKey,
  type Preferences,
} from '@life-updates/contract/preferences';
import { useTranslation } from 'react-i18next';
import { ChoiceChips } from '@/components/ui/choice-chips';

/** The six single-choice groups of "Choose Preferences" on Create Content and Generate. */
export function PreferencesPanel({
  value,
  onChange,
  disabled,
}: {
  value: Preferences;
  onChange: (next: Preferences) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {preferenceGroups.map((group) => {
        const label = t(preferenceGroupLabelKey(group.name));
        return (
          <div key={group.name} className="space-y-2">
            <p className="text-sm font-medium" aria-hidden>
              {label}
              {group.name === 'length' ? (
                <span className="ml-2 font-normal text-muted-foreground">
                  {t(`generation.preferences.lengthHint.${value.length}`)}
                </span>
              ) : null}
            </p>
            <ChoiceChips
              label={label}
              value={value[group.name]}
              disabled={disabled}
              options={group.options.map((option) => ({
                value: option,
                label: t(preferenceOptionLabelKey(group.name, option)),
              }))}
              onChange={(option) => onChange({ ...value, [group.name]: option })}
            />
          </div>
        );
      })}
    </div>
  );
}

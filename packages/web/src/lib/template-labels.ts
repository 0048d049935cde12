import type { Template } from '@life-updates/contract/templates';
import type { TFunction } from 'i18next';

/** A template's name in the user's language: a built-in's from the catalogue, a user's own as written. */
export function templateName(template: Pick<Template, 'id' | 'isBuiltIn' | 'name'>, t: TFunction) {
  return template.isBuiltIn
    ? t(`templates.builtIns.${template.id}.name`, { defaultValue: template.name })
    : template.name;
}

/** A template's description, translated like its name. */
export function templateDescription(
  template: Pick<Template, 'id' | 'isBuiltIn' | 'structureDescription'>,
  t: TFunction,
) {
  const description = template.structureDescription ?? '';
  return template.isBuiltIn
    ? t(`templates.builtIns.${template.id}.description`, { defaultValue: description })
    : description;
}

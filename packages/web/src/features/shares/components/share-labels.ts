import { isBuiltInTemplateId } from '@life-updates/contract/template-options';
import { everyoneTextKey } from '@life-updates/contract/share-options';
import type { ShareWithContacts } from '@life-updates/contract/shares';
import type { TFunction } from 'i18next';
import { templateName } from '@/lib/template-labels';

/** The card's template line: a built-in's name in the user's language, a user's own, or "Default Template". */
export function templateLabel(share: ShareWithContacts, t: TFunction): string {
  if (share.templateId && isBuiltInTemplateId(share.templateId)) {
    return templateName({ id: share.templateId, isBuiltIn: true, name: share.templateName ?? '' }, t);
  }
  return share.templateName ?? t('summeris.defaultTemplate');
}

/** One entry per text of the share: each contact's own, or the single generated piece. */
export function recipientsOf(share: ShareWithContacts, t: TFunction) {
  const names = new Map(share.contacts.map((contact) => [contact.id, contact.name]));
  const entries = share.contactIds.map((id) => ({
    key: id,
    name: names.get(id) ?? t('summeris.unknownContact'),
    text: share.texts[id] ?? share.texts[everyoneTextKey] ?? '',
  }));
  const single = share.texts[everyoneTextKey];
  if (entries.length === 0 && single !== undefined) {
    return [{ key: everyoneTextKey, name: t('summeris.everyoneText'), text: single }];
  }
  return entries;
}

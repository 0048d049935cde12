import { translate, type Locale } from '@life-updates/contract/i18n';
import escapeHtml from 'escape-html';
import { renderPlainPage } from '../../lib/plain-page.ts';

export type UnsubscribePageState = 'confirm' | 'unsubscribed' | 'resubscribed' | 'invalid';

/**
 * The small page a contact sees after following their unsubscribe link, in their language. No
 * script and no session: a plain form posts back to unsubscribe (`confirm`, the page a GET shows),
 * to undo, or to unsubscribe again. Every piece of text is escaped; the sender's name is the
 * owner's own text.
 */
export function renderUnsubscribePage({
  state,
  locale,
  senderName = '',
  token = '',
}: {
  state: UnsubscribePageState;
  locale: Locale;
  senderName?: string;
  token?: string;
}): string {
  const t = (key: string) => escapeHtml(translate(`recipients.page.${key}`, locale, { name: senderName }));
  const action = (suffix: string) => escapeHtml(`/u/${encodeURIComponent(token)}${suffix}`);
  const unsubscribeForm = `<form method="post" action="${action('')}"><button type="submit">${t('unsubscribe')}</button></form>`;
  const undoForm = `<form method="post" action="${action('/undo')}"><p>${t('undoHint')}</p><button type="submit">${t('undo')}</button></form>`;
  const pages: Record<UnsubscribePageState, [title: string, body: string]> = {
    confirm: [t('confirmTitle'), `<p>${t('confirm')}</p>\n${unsubscribeForm}`],
    unsubscribed: [t('title'), `<p>${t('unsubscribed')}</p>\n${undoForm}`],
    resubscribed: [t('resubscribedTitle'), `<p>${t('resubscribed')}</p>\n${unsubscribeForm}`],
    invalid: [t('invalidTitle'), `<p>${t('invalid')}</p>`],
  };
  const [title, body] = pages[state];
  return renderPlainPage({ locale, title, body });
}

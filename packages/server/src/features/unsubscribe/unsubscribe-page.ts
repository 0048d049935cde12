import { translate, type Locale } from '@life-updates/contract/i18n';
import escapeHtml from 'escape-html';

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
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f4f4f5;color:#18181b}
main{max-width:480px;margin:64px auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.5rem;margin:0 0 16px}
p{line-height:1.5}
button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #18181b;background:#18181b;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}

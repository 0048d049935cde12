import type { Locale } from '@life-updates/contract/i18n';
import type { FastifyReply } from 'fastify';

/**
 * The shell of the small pages the server answers outside the web app, to people following a link
 * in an email (unsubscribe, a photo's link): no script, no session, inline styles only (the
 * Content-Security-Policy of security.ts allows them). `title` and `body` are HTML: the caller escapes
 * every piece of text in them.
 */
export function renderPlainPage({ locale, title, body }: { locale: Locale; title: string; body: string }): string {
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

/**
 * Readies the reply for a plain page: HTML, never cached (its state can change with the next
 * click), and no referrer, since the address carries a token.
 */
export function asPlainPage(reply: FastifyReply): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer');
}

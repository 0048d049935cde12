// Scans the built web app for secret-looking strings (no secret reaches the
// browser). Usage: node scripts/check-bundle-secrets.mjs [directory]   (default packages/web/dist)
// Exits 1 and lists each finding when something looks like a key, a private key block, a
// connection string with a password, or the value of a secret environment variable of this shell.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Shapes of real credentials; tuned not to match minified identifiers. */
export const secretPatterns = [
  ['private key block', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['AWS access key id', /\bAKIA[0-9A-Z]{16}\b/],
  ['OpenAI / Anthropic style key', /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/],
  ['SendGrid key', /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/],
  ['Resend key', /\bre_[A-Za-z0-9]{8,}_[A-Za-z0-9]{16,}/],
  ['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{30,}/],
  ['Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
  ['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['JSON Web Token', /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
  [
    'URL with a password',
    /\b(?:postgres(?:ql)?|mysql|redis|amqp|smtps?|mongodb(?:\+srv)?):\/\/[^\s:/"'`@]+:[^\s@"'`/]+@/,
  ],
  ['assigned secret', /\b(?:APP_SECRET|API_KEY|SECRET_KEY|PASSWORD)\s*[:=]\s*["'`][^"'`\s]{8,}["'`]/],
];

/** Values of this shell's secret-looking variables (APP_SECRET, *_API_KEY, *_PASSWORD, ...). */
function environmentSecrets(environment) {
  return Object.entries(environment)
    .filter(
      ([name, value]) =>
        /SECRET|API_KEY|PASSWORD|TOKEN|SMTP_URL|DATABASE_URL/.test(name) &&
        typeof value === 'string' &&
        value.length >= 12,
    )
    .map(([name, value]) => [name, value]);
}

function filesUnder(directory) {
  const files = [];
  for (const entry of readdirSync(directory)) {
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) files.push(...filesUnder(full));
    else files.push(full);
  }
  return files;
}

/** Every finding in the directory: `{ file, kind, excerpt }`. Binary images are skipped. */
export function scanForSecrets(directory, environment = process.env) {
  const findings = [];
  const fromEnvironment = environmentSecrets(environment);
  for (const file of filesUnder(directory)) {
    if (/\.(png|jpe?g|gif|webp|ico|woff2?|br|gz)$/i.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(directory, file);
    if (file.endsWith('.map')) findings.push({ file: relative, kind: 'source map shipped', excerpt: '' });
    for (const [kind, pattern] of secretPatterns) {
      const match = pattern.exec(text);
      if (match) findings.push({ file: relative, kind, excerpt: `${match[0].slice(0, 12)}…` });
    }
    for (const [name, value] of fromEnvironment) {
      if (text.includes(value))
        findings.push({ file: relative, kind: `value of ${name}`, excerpt: `${value.slice(0, 4)}…` });
    }
  }
  return findings;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const directory = path.resolve(process.argv[2] ?? path.join(root, 'packages/web/dist'));
  if (!existsSync(directory)) {
    console.error(`No build at ${directory}: run \`npm run build\` first.`);
    process.exit(2);
  }
  const findings = scanForSecrets(directory);
  const fileCount = filesUnder(directory).length;
  if (findings.length > 0) {
    for (const finding of findings) console.error(`${finding.file}: ${finding.kind} ${finding.excerpt}`);
    console.error(`${findings.length} secret-looking string(s) in ${directory}`);
    process.exit(1);
  }
  console.log(`No secret-looking strings in ${fileCount} files of ${directory}`);
}

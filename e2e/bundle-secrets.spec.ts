import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// No secret reaches the browser. `npm test` builds the web app before the e2e
// run, so the build is always there to scan; the planted case proves the scanner can fail.
const root = path.resolve(import.meta.dirname, '..');
const scanner = path.join(root, 'scripts/check-bundle-secrets.mjs');

function scan(directory: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [scanner, directory], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

test('the scanner finds planted keys, private keys, passwords in URLs and this shell’s secret values', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'bundle-secrets-'));
  try {
    mkdirSync(path.join(directory, 'assets'));
    const planted = [
      'const a="sk-proj-abcdefghijklmnopqrstuvwx123";',
      'const b="SG.abcdefghijklmnopqr.abcdefghijklmnopqrstuv";',
      'const c="-----BEGIN RSA PRIVATE KEY-----";',
      'const d="postgres://app:hunter2hunter2@db.internal/app";',
      'const e="my-very-own-server-secret-value";',
    ];
    writeFileSync(path.join(directory, 'assets/index-abc123.js'), planted.join('\n'));
    writeFileSync(path.join(directory, 'index.html'), '<script src="/assets/index-abc123.js"></script>');
    const result = scan(directory, { APP_SECRET: 'my-very-own-server-secret-value' });
    expect(result.status).toBe(1);
    for (const kind of [
      'OpenAI / Anthropic style key',
      'SendGrid key',
      'private key block',
      'URL with a password',
      'value of APP_SECRET',
    ]) {
      expect(result.stderr).toContain(kind);
    }
    // The report never prints a whole secret.
    expect(result.stderr).not.toContain('hunter2hunter2');

    writeFileSync(
      path.join(directory, 'assets/index-abc123.js'),
      'const ok="Voice input needs TRANSCRIPTION_API_KEY";',
    );
    expect(scan(directory, { APP_SECRET: 'my-very-own-server-secret-value' }).status).toBe(0);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('the built web app holds no secret-looking strings', () => {
  const result = scan(
    path.join(root, 'packages/web/dist'),
    Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  );
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/No secret-looking strings in \d+ files/);
});

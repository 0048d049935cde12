/*
 * zod compiles object parsers with `new Function` after probing whether eval is allowed. Our
 * content security policy forbids eval, so the probe is a CSP violation the browser reports
 * (Lighthouse best practices: "Issues were logged"). Forms parse a handful of fields: the
 * interpreted parser is as good. zod reads this global when it loads (in a lazy route chunk), so
 * it is set here, before anything else runs, without pulling zod into the entry bundle.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};

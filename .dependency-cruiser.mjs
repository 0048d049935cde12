/**
 * Which part of the code may import which (docs/architecture.md, "Import rules"), checked by
 * dependency-cruiser in `npm run lint` on the sources (tests may reach across to set data up).
 * Paths are regular expressions from the repository's root; `$1` is the folder the `from` matched.
 */
const server = '^packages/server/src';
const web = '^packages/web/src';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    // --- the packages --------------------------------------------------------------------------
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by both sides, so it imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The browser bundle talks to the server over HTTP only: server code (and its secrets) never reaches it.',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'server-never-imports-web',
      comment: 'The server serves the built web app as files; it shares code with it through the contract only.',
      severity: 'error',
      from: { path: '^packages/server/' },
      to: { path: '^packages/web/' },
    },

    // --- the server ----------------------------------------------------------------------------
    {
      name: 'server-shared-below-features',
      comment:
        'lib, db, providers, config.ts and jobs.ts serve every feature and know none: a piece they need from a feature moves down to them.',
      severity: 'error',
      from: { path: `${server}/((lib|db|providers)/|(config|jobs)\\.ts$)` },
      to: { path: `${server}/((features|plugins)/|(app|server|workers)\\.ts$)` },
    },
    {
      name: 'server-feature-not-app',
      comment: 'app.ts, server.ts and workers.ts put the features together; a feature never reaches up to them.',
      severity: 'error',
      from: { path: `${server}/features/` },
      to: { path: `${server}/(app|server|workers)\\.ts$` },
    },
    {
      name: 'server-features-one-way',
      comment:
        'A feature asks another for what it owns, one way only (decision 009): a cycle between two feature folders means neither owns what they share. Move that piece to its owner; splitting a file only hides the cycle.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${server}/features/[^/]+/?$` },
      to: { circular: true },
    },

    // --- the web app: shared → features → app ----------------------------------------------------
    {
      name: 'web-shared-below-features',
      comment:
        'api, components, config and lib are shared by every screen and know none of them: code two features need moves down here.',
      severity: 'error',
      from: { path: `${web}/(api|components|config|lib)/` },
      to: { path: `${web}/((features|app|test)/|(main\\.tsx|sw\\.ts)$)` },
    },
    {
      name: 'web-feature-not-app',
      comment: 'The app (router, layouts, route modules) composes the features; a feature never imports it.',
      severity: 'error',
      from: { path: `${web}/features/` },
      to: { path: `${web}/((app|test)/|(main\\.tsx|sw\\.ts)$)` },
    },
    {
      name: 'web-feature-stays-in-its-folder',
      comment:
        'A feature never imports another feature (bulletproof-react): shared code moves down to api, components or lib, and the app puts features side by side.',
      severity: 'error',
      from: { path: `${web}/features/([^/]+)/` },
      to: { path: `${web}/features/`, pathNot: `${web}/features/$1/` },
    },

    // --- everywhere ----------------------------------------------------------------------------
    {
      name: 'no-circular',
      comment:
        'Two modules that import each other are one module in two files, and load in an order that depends on who came first.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Tests, fixtures and test helpers may reach across to set data up; the rules hold the sources.
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '\\.test\\.tsx?$', '^packages/[^/]+/test/', `${web}/test/`] },
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports count: a type is part of what a module knows about another.
    tsPreCompilationDeps: true,
    // The web app's `@/` alias.
    tsConfig: { fileName: 'packages/web/tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};

// The architecture rules `npm run check:boundaries` enforces over src (decision 1115).
// A rule names what it protects; its comment says why. Tests and test helpers may compose features freely.

const TESTS = '(\\.test\\.tsx?$|^src/server/test/|\\.fixtures\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import circles make load order matter and couple both ends. Type-only imports (the typed API client reading the server app type) load nothing and are left out.',
      from: { path: '^src/' },
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'src/shared is used by both the server and the web app; it imports nothing of either.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-feature-to-web-feature',
      severity: 'error',
      comment:
        'A web feature does not import another web feature: what two features share moves to src/web/components or src/web/lib, or the route composes them.',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/([^/]+)/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'server-feature-internals',
      severity: 'error',
      comment:
        "A server feature reaches another only through its service modules, never its routes or seed data.",
      from: { path: '^src/server/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^src/server/features/([^/]+)/.+\\.(routes|seed|fixtures)\\.ts$',
        pathNot: '^src/server/features/$1/',
      },
    },
    {
      name: 'server-feature-tables',
      severity: 'error',
      comment:
        "Code reads tables through db/schema, the one table list; only a schema file imports another feature's schema file, for its foreign keys.",
      from: { path: '^src/server/features/([^/]+)/', pathNot: [TESTS, '\\.schema\\.ts$'] },
      to: { path: '^src/server/features/([^/]+)/.+\\.schema\\.ts$', pathNot: '^src/server/features/$1/' },
    },
    {
      name: 'infrastructure-imports-no-feature',
      severity: 'error',
      comment:
        'Infrastructure (db, http, auth, jobs, providers) serves features and does not know them. Features are wired in by the composition points: app.ts and main.ts (routes, hooks, listeners), db/schema.ts (the one table list drizzle-kit reads), db/seed.ts (demo data), jobs/workers.ts (the list of every feature\'s workers). Type-only imports describing what the composition root injects are allowed.',
      from: {
        path: '^src/server/(db|http|auth|jobs|providers)/',
        pathNot: [TESTS, '^src/server/db/schema\\.ts$', '^src/server/db/seed\\.ts$', '^src/server/jobs/workers\\.ts$'],
      },
      to: { path: '^src/server/features/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-imports-no-web',
      severity: 'error',
      comment:
        'The server does not import the web app, except the server-side render of the public pages (server-rendered-pages.ts, decision 0910).',
      from: { path: '^src/server/', pathNot: '^src/server/server-rendered-pages(\\.test)?\\.ts$' },
      to: { path: '^src/web/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^src/server/db/migrations/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

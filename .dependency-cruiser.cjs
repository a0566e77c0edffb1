// The module rules of docs/architecture.md, checked by `npm run check:modules` and in `npm test`.
// Why some tables are shared through index.ts: docs/decisions/018-module-graph.md.
const MODULES = '^apps/server/src/modules/';
// Core domain modules every feature needs (docs/architecture.md); every other module is a feature.
const CORE = [
  'users',
  'organisations',
  'audit',
  'auth',
  'notifications',
  'donors',
  'campaigns',
  'donations',
  'payments',
  'sandbox',
];
const INDEX = `${MODULES}[^/]+/index\\.ts$`;
const TABLES = '\\.tables\\.ts$';
const TEST = '(\\.test\\.tsx?|\\.test-support\\.tsx?|\\.fixtures\\.ts|\\.test-app\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'no-circular: these server modules import each other in a circle. Move the shared piece down a layer ' +
        '(platform/ or a core module), or let the lower module publish an event/callback the higher one registers ' +
        'from app.ts (docs/architecture.md).',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { path: `${MODULES}[^/]+$`, circular: true },
    },
    {
      name: 'not-through-index',
      severity: 'error',
      comment:
        'not-through-index: a module uses another module only through its index.ts. Export what you need ' +
        "(a function, a query, a type) from that module's index.ts and import it from there (docs/architecture.md).",
      from: { path: `${MODULES}([^/]+)/`, pathNot: [TEST, TABLES] },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, INDEX] },
    },
    {
      name: 'not-through-index',
      severity: 'error',
      comment:
        "not-through-index: a *.tables.ts may reference another module's *.tables.ts for a foreign key, and " +
        "nothing else of it; anything more goes through that module's index.ts (docs/decisions/018-module-graph.md).",
      from: { path: `${MODULES}([^/]+)/.+${TABLES}`, pathNot: TEST },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, INDEX, TABLES] },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment:
        'platform-imports-no-module: platform/ holds cross-cutting code without domain rules and imports no module. ' +
        'Move the domain piece into a module, or pass it in from app.ts.',
      from: { path: '^apps/server/src/platform/', pathNot: TEST },
      to: { path: MODULES },
    },
    {
      name: 'core-imports-no-feature',
      severity: 'error',
      comment:
        `core-imports-no-feature: core modules (${CORE.join(', ')}) never import a feature module. ` +
        'Let the feature subscribe to an event, job or callback the core module publishes (wired in app.ts), ' +
        'or move the piece both need into core (docs/architecture.md).',
      from: { path: `${MODULES}(${CORE.join('|')})/` },
      to: { path: MODULES, pathNot: `${MODULES}(${CORE.join('|')})/` },
    },
    {
      name: 'web-feature-no-reach',
      severity: 'error',
      comment:
        "web-feature-no-reach: a web feature never imports another feature's internals. Import its index.ts, " +
        'or move what both need to apps/web/src/shared/.',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The composition roots sit above every layer and may import any module's files: app.ts and main.ts
    // (wiring), seed/ (demo data), the test harness in apps/server/test (it builds the whole app), and
    // platform/db/schema.ts (every module's tables for drizzle-kit and Drizzle's typed queries).
    // Leaving them out keeps a test that uses the harness from counting as a cycle through it.
    exclude: {
      path: [
        'node_modules',
        '^apps/web/dist',
        '^apps/server/src/(app|main)\\.ts$',
        '^apps/server/src/seed/',
        '^apps/server/test/',
        '^apps/server/src/platform/db/schema\\.ts$',
      ],
    },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

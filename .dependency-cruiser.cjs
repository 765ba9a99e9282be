/**
 * The shop's structure, checked by `npm run lint` (dependency-cruiser): what may import what. There
 * are no breaches, so any new one fails the lint: take it apart rather than list it as an
 * exception (decision 0042).
 */
const features = 'account|admin|auth|cart|catalog|checkout|contact|delivery|discounts|inventory|notify|orderdesk|orders|payments|pickup|storefront|tax|web-vitals';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: none of its modules can be read, tested or loaded without all the others.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The browser app never imports server code (the server build of its pages is only a type here).',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment: 'src/shared is what server and browser share: it imports neither.',
      from: { path: '^src/shared/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: "The server reads the app's pages only through the server build's types (storefront/server-render.ts).",
      from: { path: '^src/server/', pathNot: '^src/server/storefront/server-render\\.ts$|\\.test\\.tsx?$' },
      to: { path: '^src/web/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'infrastructure-not-features',
      severity: 'error',
      comment: 'The database, HTTP plumbing, shared helpers (lib) and rate limits serve every feature and import none.',
      from: { path: '^src/server/(db|http|lib|rate-limit)/', pathNot: '\\.test\\.ts$' },
      to: { path: `^src/server/(${features})/` },
    },
    {
      name: 'shop-not-testing',
      severity: 'error',
      comment: 'Test code (fakes, helpers) never ships in the shop.',
      from: { path: '^src/', pathNot: '(^src/(server|web)/testing/|\\.test\\.tsx?$)' },
      to: { path: '^src/(server|web)/testing/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};

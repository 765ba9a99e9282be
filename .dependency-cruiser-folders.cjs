/**
 * The shop's folders, checked by `npm run lint` after the modules (.dependency-cruiser.cjs): no two
 * folders of the shop's own code import each other, directly or round a loop. Tests and their
 * helpers are left out, since a test reaches across folders to check them together.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'Two folders that import each other, directly or round a loop, are one feature in two places.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^(dist|node_modules)/|\\.test\\.tsx?$|^src/(server|web)/testing/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

const { createConfig } = require('../tooling/webpack.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'academy_mentor',
  // the staff-only pieces shown inside student pages sit beside the App (ARCHITECTURE); the contract's
  // ExposedModules lists the same ids with their props
  exposes: {
    './App': './src/app.tsx',
    './TaskVerdict': './src/features/task-verdict/task-verdict.tsx',
    './StaffCourseActions': './src/features/staff-course-actions/staff-course-actions.tsx',
    './StaffModuleActions': './src/features/staff-course-actions/staff-module-actions.tsx',
  },
  port: 3002,
});

import fs from 'node:fs';
import path from 'node:path';

// Issue 31: plugins/ is the infrastructure every area uses, modules/ the areas: an area may use a plugin,
// a plugin may not reach into an area (that makes the two a cycle). Two plugins still do, for the session
// and the course catalogue they serve every area; this test fails on any new one.
const ALLOWED = new Set(['session.ts', 'course-content.ts']);

describe('the server’s layers', () => {
  it('no plugin imports an area (modules/) beyond the two known', () => {
    const dir = path.join(__dirname, 'plugins');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
    const reaching = files
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /from '(\.\.\/)+modules\//.test(fs.readFileSync(path.join(dir, file), 'utf8')));
    expect(reaching.filter((file) => !ALLOWED.has(file))).toEqual([]);
  });
});

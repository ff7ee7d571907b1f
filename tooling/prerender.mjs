// Build-time prerender (issue 14, "Pages"): the sign-in page, the landing page and the signed-in app
// shell (header + page skeleton) rendered with react-dom/server into static HTML, in Russian and
// English, plus the CSS they need, minified, to inline. The server puts one of them into index.html
// for the path it serves (server/src/plugins/static.ts), so the page paints before any JavaScript
// arrives; the app then replaces it without a visible change (shared/src/ui/prerendered.ts).
// The components are the real ones (the shell's login page and layouts, the public remote's landing),
// bundled here by esbuild without federation. Output: shell/dist/prerendered.json.
// Usage: node tooling/prerender.mjs (run by the shell's `npm run build`, after webpack).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildLabel = process.env.ACADEMY_BUILD_LABEL?.trim();
const publicBuildVersion = `${JSON.parse(fs.readFileSync(path.join(root, 'remote-public', 'package.json'), 'utf8')).version}${
  buildLabel ? `+${buildLabel}` : ''
}`;
const started = Date.now();

// The pages as the shell's routes compose them (shell/src/app.tsx): the login route; `/` for a visitor
// (PublicLayout around the public remote's routes); a signed-in area while its profile and remote load
// (AppLayout with its NOT_READY header around the page skeleton).
const entry = `
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider, loadLanguage, translate } from '@academy/shared/i18n';
import { AREAS } from '@academy/shared/domain';
import { documentTitle, PageSkeleton } from '@academy/shared/ui';
import { texts as shellTexts } from './shell/src/i18n';
import { texts as publicTexts } from './remote-public/src/i18n';
import { createShellStore } from './shell/src/store';
import { LoginPage } from './shell/src/features/auth/login-page';
import { AppLayout, PublicLayout } from './shell/src/features/layout/app-layout';
import { PublicRoutes } from './remote-public/src/routes/public-routes';
import { ownIds } from './tooling/ssr/own-ids';

const navigation = { navigate: () => undefined, currentPath: () => '/' };

// each page with its ids prefixed (tooling/ssr/own-ids.ts): the app renders the same ids behind it
function page(path, language, element) {
  const store = createShellStore(navigation);
  return ownIds(renderToString(
    <Provider store={store}>
      <I18nProvider initial={language}>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </I18nProvider>
    </Provider>,
  ));
}

export async function render() {
  // English texts are chunks the browser loads when it shows English: here every one is loaded first
  await loadLanguage('en');
  // the tab's titles of the two pages that may wait for an interaction before the app starts
  const out = { login: {}, landing: {}, areas: {}, titles: { login: {}, landing: {} } };
  for (const language of ['ru', 'en']) {
    // POST, should the page's inline script that holds a submission ever fail: the typed password
    // must never end up in a URL (the live page's form submits through the API, not natively)
    out.login[language] = page('/login', language, <LoginPage />).replace('<form ', '<form method="post" ');
    out.landing[language] = page('/', language, <PublicLayout><PublicRoutes /></PublicLayout>);
    out.titles.login[language] = documentTitle(shellTexts.translateIn(language)('login.pageTitle'), language);
    out.titles.landing[language] = documentTitle(publicTexts.translateIn(language)('landing.pageTitle'), language);
    for (const { prefix, remote } of AREAS) {
      out.areas[prefix] ??= { remote };
      out.areas[prefix][language] = page('/' + prefix + '/', language, (
        <AppLayout><PageSkeleton label={translate(language, 'loading')} /></AppLayout>
      ));
    }
  }
  return out;
}
`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-prerender-'));
const bundle = path.join(tmp, 'prerender.cjs');
try {
  await build({
    stdin: { contents: entry, loader: 'tsx', resolveDir: root, sourcefile: 'prerender-entry.tsx' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    jsx: 'automatic',
    outfile: bundle,
    // CSS is inlined separately below; images are not used by these pages
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    define: {
      'process.env.NODE_ENV': '"production"',
      // the public remote's build version, as tooling/webpack.cjs compiles it in (the landing's footer)
      'process.env.ACADEMY_BUILD_VERSION': JSON.stringify(publicBuildVersion),
    },
    plugins: [
      {
        // packages from node_modules are imported as they are (one React for react-dom/server);
        // @academy/shared is a workspace of TypeScript sources: bundled
        name: 'external-packages',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@academy/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    logLevel: 'warning',
  });
  // a bundle in a temporary folder cannot find node_modules: resolve packages from the repository
  const code = fs.readFileSync(bundle, 'utf8');
  const local = path.join(root, 'shell', '.prerender.cjs');
  fs.writeFileSync(local, code);
  let pages;
  try {
    pages = await createRequire(import.meta.url)(local).render();
  } finally {
    fs.rmSync(local, { force: true });
  }

  // The CSS these pages need, in the order the app applies it (shared, shell, public area).
  const cssFiles = ['shared/src/ui/styles.css', 'shell/src/shell.css', 'remote-public/src/public.css'];
  const css = (
    await transform(cssFiles.map((file) => fs.readFileSync(path.join(root, file), 'utf8')).join('\n'), {
      loader: 'css',
      minify: true,
    })
  ).code.trim();

  // The student's course list, course pages and task pages, rendered per request with the student's data by the
  // server (tooling/ssr/student-pages.tsx): bundled whole, React included, so the file needs nothing
  // beside it; and the CSS those pages add to the above.
  const studentVersion = JSON.parse(fs.readFileSync(path.join(root, 'remote-student', 'package.json'), 'utf8')).version;
  await build({
    entryPoints: [path.join(root, 'tooling', 'ssr', 'student-pages.tsx')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    jsx: 'automatic',
    minify: true,
    outfile: path.join(root, 'shell', 'dist', 'ssr-student.cjs'),
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    define: {
      'process.env.NODE_ENV': '"production"',
      'process.env.ACADEMY_BUILD_VERSION': JSON.stringify(`${studentVersion}${buildLabel ? `+${buildLabel}` : ''}`),
    },
    logLevel: 'warning',
  });
  const studentCssFiles = [
    'shell/src/features/layout/notification-bell.css',
    'remote-student/src/features/frame/student-frame.css',
    'remote-student/src/features/courses/courses.css',
    'remote-student/src/features/task/task.css',
    'remote-student/src/features/comments/comments.css',
    'shared/src/task-kinds/task-kinds.css',
  ];
  const studentCss = (
    await transform(studentCssFiles.map((file) => fs.readFileSync(path.join(root, file), 'utf8')).join('\n'), {
      loader: 'css',
      minify: true,
    })
  ).code.trim();

  const outFile = path.join(root, 'shell', 'dist', 'prerendered.json');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, JSON.stringify({ css, studentCss, ...pages }));
  console.log(`Prerendered the sign-in, landing and app-shell pages in ${Date.now() - started} ms`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

// The demo JavaScript course's first code task in an open module, as the course page links it: the
// code task page that bench/lighthouse.mjs and bench/budgets.mjs measure; and the first code task the
// demo student has solved (`solvedPath`: its page shows the accepted solution and the verdict).

/**
 * @param {string} base   the academy's address
 * @param {string} cookie the demo student's Cookie header
 * @returns {Promise<{ course: number, path: string | null, solvedPath: string | null }>}
 */
export async function demoCodeTask(base, cookie) {
  const get = async (url) => (await (await fetch(`${base}${url}`, { headers: { cookie } })).json()).data;
  const courses = await get('/api/student/course/all-views');
  const course = courses.find((c) => /JavaScript/.test(c.name)) ?? courses[0];
  const modules = await get(`/api/student/course/views/${course.id}`);
  let path = null;
  let solvedPath = null;
  for (const module of Array.isArray(modules) ? modules : (modules?.moduleViews ?? [])) {
    if (module.blocked) continue;
    for (const chapter of module.chapterViewDtos ?? []) {
      for (const task of chapter.taskViews.filter((t) => t.type === 'code')) {
        const taskPath = `/user/courses/${course.id}/${module.position}/${chapter.position}/${task.position}`;
        path ??= taskPath;
        if (task.solved) solvedPath ??= taskPath;
      }
    }
  }
  return { course: course.id, path, solvedPath };
}

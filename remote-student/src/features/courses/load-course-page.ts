/**
 * The course page's code: a chunk of its own (`route-course`, named in routes/route-chunks.json, so the
 * server preloads it for a course's address), fetched when a course is opened, or about to be (a pointer
 * over a course's link, its focus): the course list does not carry it (issue 14).
 */
export const loadCoursePage = () => import(/* webpackChunkName: "route-course" */ './course-page');

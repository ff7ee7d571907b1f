/**
 * The student area's addresses under /user whose pages have their own data or chunk: the routes
 * (student-routes.tsx), the data the server renders them with (page-data.ts) and their chunks
 * (route-chunks.json, checked against these in server-entry.test.tsx) name them from here.
 */
export const STUDENT_PATHS = {
  courseList: 'courses',
  course: 'courses/:courseId',
  additionalCourse: 'courses/additional/:courseId',
  task: 'courses/:courseId/:modulePosition/:chapterPosition/:taskPosition',
  additionalTask: 'courses/additional/:courseId/:modulePosition/:chapterPosition/:taskPosition',
  statistics: 'statistic',
  reports: 'report',
  reviews: 'review',
} as const;

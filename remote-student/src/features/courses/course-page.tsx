import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { failureIf, usePageStatus } from '@academy/shared/api';
import { STAFF_VIEW_ROLES, type ModuleView } from '@academy/shared/contract';
import { continueTarget, taskIconState, taskPath } from '@academy/shared/domain';
import { lazyRemote, RemotePiece } from '@academy/shared/federation';
import { useT, type TextKey } from '../../i18n';
import { Alert, Button, NotFoundPage, PageSkeleton, Skeleton, useDocumentTitle, usePrerenderedHandoff } from '@academy/shared/ui';
import { TaskIcon } from '@academy/shared/task-kinds';
import {
  useEnrollInCourseMutation,
  useGetCourseAuthorQuery,
  useGetCourseInfoQuery,
  useGetCourseNameQuery,
  useGetCoursePictureQuery,
  useGetCourseSizeQuery,
  useGetStudentCourseEnrollingQuery,
  useGetStudentCourseModulesQuery,
} from '../../api/courses-api';
import './courses.css';

/**
 * The staff's actions on a student's course and on each of its modules: exposed by remote-mentor and
 * loaded at run time (ARCHITECTURE), only for staff in view-as-student mode.
 */
const MentorStaffCourseActions = lazyRemote('mentor/StaffCourseActions');
const MentorStaffModuleActions = lazyRemote('mentor/StaffModuleActions');

function parseCourseId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function CourseAbout({ courseId }: { courseId: number }) {
  const t = useT();
  const { data: info } = useGetCourseInfoQuery(courseId);
  const { data: author } = useGetCourseAuthorQuery(courseId);
  const { data: size } = useGetCourseSizeQuery(courseId);
  if (!info || !author || !size) return <Skeleton height={220} />;
  const facts: Array<[TextKey, string]> = [
    ['course.target', info.target],
    ['course.demands', info.demands],
    ['course.filling', info.filling],
    ['course.transitTime', info.transitTime],
    [
      'course.size',
      t('course.sizeValue', {
        modules: size.moduleCount,
        chapters: size.chapterCount,
        tasks: size.taskCount,
        points: size.coursePoints,
      }),
    ],
  ];
  return (
    <section className="card course-about" aria-labelledby="course-about-title">
      <h2 id="course-about-title">{t('course.about')}</h2>
      {/* sanitized on import (Markdown rendered with an allow-list) */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: info.description }} />
      <dl className="course-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="course-about__author-title">{t('course.author')}</h3>
      <p className="course-about__author">
        <strong>{author.name}</strong> · <a href={`mailto:${author.email}`}>{author.email}</a>
      </p>
      <p className="course-about__muted">{author.about}</p>
    </section>
  );
}

function ModuleList(props: {
  modules: ModuleView[];
  courseId: number;
  additional: boolean;
  enrolled: boolean;
  studentId: number | null;
  /** the student staff act for (view-as-student by staff), or null: no staff actions */
  staffStudentId: number | null;
}) {
  const t = useT();
  const { modules, courseId, additional, enrolled, studentId, staffStudentId } = props;
  return (
    <ol className="module-list">
      {modules.map((module) => (
        <li key={module.moduleId} className={`card module${module.blocked ? ' module--blocked' : ''}`}>
          <div className="module__head">
            <h3 className="module__title">{t('course.module', { position: module.position, name: module.name })}</h3>
            <span className={`chip${module.solvedTaskAmount === module.allTaskAmount ? ' chip--success' : ''}`}>
              {t('course.solved', { solved: module.solvedTaskAmount, all: module.allTaskAmount })}
            </span>
          </div>
          {module.blocked && <p className="module__blocked">{t('course.blocked')}</p>}
          {staffStudentId !== null && (
            // the course's piece above says so when the mentor remote is down: nothing more per module
            <RemotePiece
              component={MentorStaffModuleActions}
              props={{ courseId, module, studentId: staffStudentId, enrolled }}
              loading={<Skeleton height={40} />}
              fallback={null}
            />
          )}
          <ol className="chapter-list">
            {module.chapterViewDtos.map((chapter) => {
              const open = enrolled && !module.blocked;
              return (
                <li key={chapter.chapterId} className="chapter">
                  <div className="chapter__head">
                    {open ? (
                      <Link
                        className="chapter__name"
                        to={taskPath({ courseId, additional }, module.position, chapter.position, 1, studentId)}
                      >
                        {chapter.name}
                      </Link>
                    ) : (
                      <span className="chapter__name chapter__name--plain">{chapter.name}</span>
                    )}
                    <span className="chapter__count">
                      {t('course.solved', { solved: chapter.solvedTaskAmount, all: chapter.allTaskAmount })}
                    </span>
                  </div>
                  <ul className="chapter__tasks" aria-label={`${t('course.tasks')}: ${chapter.name}`}>
                    {chapter.taskViews.map((task) => (
                      <li key={task.taskId}>
                        <TaskIcon kind={task.type} state={taskIconState(task)} title={task.title} />
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}

/** /user/courses/{courseId} and /user/courses/additional/{courseId} (spec 1 §2). */
export function CoursePage({ additional }: { additional: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const params = useParams();
  const courseId = parseCourseId(params.courseId);
  const { status, profile, studentId } = usePageStatus();
  const fakeStudent = status === 'FAKE' ? studentId : null;
  // staff (STAFF_VIEW_ROLES) on a student's page may change the student's course; students never load the pieces
  const staffStudent = status === 'FAKE' && profile && STAFF_VIEW_ROLES.includes(profile.role.name) ? studentId : null;
  const skip = courseId === null || status === 'NOT_READY';
  const modules = useGetStudentCourseModulesQuery({ courseId: courseId ?? 0, additional, studentId: fakeStudent }, { skip });
  const enrolling = useGetStudentCourseEnrollingQuery({ courseId: courseId ?? 0, studentId: fakeStudent }, { skip });
  const name = useGetCourseNameQuery(courseId ?? 0, { skip });
  useDocumentTitle(name.data?.name);
  const picture = useGetCoursePictureQuery(courseId ?? 0, { skip });
  const [enroll, enrollment] = useEnrollInCourseMutation();
  // spec 2 §2: a task that could not be opened (423: its module is closed) sent the student here, with why
  const locked = (useLocation().state as { lockedTask?: string } | null)?.lockedTask;
  // the page the server rendered with these replies stays until the page's own are here
  usePrerenderedHandoff(
    courseId === null || [modules, enrolling, name, picture].every((query) => query.isSuccess || query.isError),
  );

  if (courseId === null) return <NotFoundPage />;
  const failure = failureIf(modules.error ?? name.error);
  const missing = failure?.status === 404 || failure?.status === 400;
  // spec 2 §4, §2.8: a paying student's course outside their list: the enrolment check decides, and
  // not enrolled (or not told, for a course they may not see) is the forbidden redirect
  if (missing && status === 'NORMAL' && profile?.role.name === 'PAY_STUDENT') {
    if (enrolling.data === true) return <NotFoundPage />;
    if (enrolling.isFetching) return <PageSkeleton label={t('loading')} />;
    return <Navigate to="/user/courses?param=forbidden" replace />;
  }
  if (missing) {
    return (
      <div className="course-page">
        <Link to="/user/courses" className="back-link">
          ← {t('course.back')}
        </Link>
        <Alert kind="warning">{t('course.notFound')}</Alert>
      </div>
    );
  }
  const keep = fakeStudent ? `?studentId=${fakeStudent}` : '';
  const enrolled = enrolling.data === true;
  // the student's own course: where they go on (the first task left to do in an open module)
  const next = status === 'NORMAL' && enrolled && modules.data ? continueTarget(modules.data) : null;
  const canEnroll =
    status === 'NORMAL' &&
    !enrolled &&
    enrolling.data === false &&
    (profile?.role.name === 'PAY_STUDENT' || profile?.role.name === 'STUDENT');

  const onEnroll = async () => {
    const result = await enroll(courseId)
      .unwrap()
      .catch(() => null);
    if (result)
      await navigate(
        taskPath({ courseId, additional }, result.modulePosition, result.chapterPosition, result.taskPosition, null),
      );
  };

  return (
    <div className="course-page">
      <Link to={`/user/courses${keep}`} className="back-link">
        ← {t('course.back')}
      </Link>
      {locked && <Alert kind="warning">{locked}</Alert>}
      <header className="course-hero card">
        {picture.data ? (
          // the page's largest paint: fetched at once, before the scripts the page preloads after its first paint
          <img
            className="course-hero__picture"
            src={picture.data.coursePicUrl}
            alt=""
            width={240}
            height={135}
            fetchPriority="high"
          />
        ) : (
          <Skeleton width={240} height={135} />
        )}
        <div className="course-hero__body">
          <h1 className="page-title">{name.data ? name.data.name : <Skeleton width={280} height={32} />}</h1>
          {canEnroll && (
            <>
              <p className="course-about__muted">{t('course.notEnrolledHint')}</p>
              <Button onClick={onEnroll} busy={enrollment.isLoading}>
                {enrollment.isLoading ? t('course.enrolling') : t('course.enroll')}
              </Button>
            </>
          )}
          {enrollment.isError && <Alert kind="danger">{t('course.enrollError')}</Alert>}
          {next && (
            <Link
              className="btn btn--primary course-hero__continue"
              to={taskPath({ courseId, additional }, next.m, next.c, next.n, null)}
            >
              {t('course.continue', { title: next.title })}
            </Link>
          )}
          {staffStudent !== null && enrolling.data !== undefined && modules.data && name.data && (
            <RemotePiece
              component={MentorStaffCourseActions}
              props={{ courseId, courseName: name.data.name, modules: modules.data, studentId: staffStudent, enrolled }}
              loading={<Skeleton height={40} />}
              fallback={<Alert kind="warning">{t('course.staffActionsUnavailable')}</Alert>}
            />
          )}
        </div>
      </header>
      <div className="course-layout">
        <section aria-labelledby="course-modules-title" className="course-layout__main">
          <h2 id="course-modules-title">{t('course.modules')}</h2>
          {modules.data ? (
            <ModuleList
              modules={modules.data}
              courseId={courseId}
              additional={additional}
              enrolled={enrolled}
              studentId={fakeStudent}
              staffStudentId={staffStudent}
            />
          ) : (
            <div className="module-list" aria-hidden>
              <Skeleton height={160} />
              <Skeleton height={160} />
            </div>
          )}
        </section>
        <aside className="course-layout__side">
          <CourseAbout courseId={courseId} />
        </aside>
      </div>
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, Navigate } from 'react-router-dom';
import { failureIf, notify } from '@academy/shared/api';
import type { SolutionEntry } from '@academy/shared/contract';
import { taskPath } from '@academy/shared/domain';
import { useServerText } from '@academy/shared/i18n';
import { useT } from '../../i18n/task';
import { Alert, Button, Dialog, PageSkeleton, Skeleton, useDocumentTitle } from '@academy/shared/ui';
import { CodeEditor } from '@academy/shared/ui/code-editor';
import { useGetStudentCourseEnrollingQuery } from '../../api/courses-api';
import { Terminal } from '@academy/shared/task-kinds';
import { taskKindEntry } from '../../task-kinds/registry';
import { useGetStudentSolutionsInfiniteQuery, useGetStudentTaskInfoIdQuery } from './task-api';
import { useTaskAddress } from './use-task-address';
import './task.css';
import { StudentNotFound } from '../../components/student-not-found';

function SolutionDetails({ solution }: { solution: SolutionEntry }) {
  const t = useT();
  if (solution.courseTask.task.type === 'code') {
    return (
      <>
        <CodeEditor
          value={solution.answer.solution ?? ''}
          language={solution.codeLang ?? 'javascript'}
          readOnly
          label={t('task.code')}
          height={260}
        />
        {Array.isArray(solution.result) && <Terminal outcomes={solution.result} language={solution.codeLang} />}
      </>
    );
  }
  const verdict = solution.result && !Array.isArray(solution.result) ? solution.result : null;
  return (
    <>
      {solution.answerType === 'STYLED_TEXT' ? (
        // sanitized on the server when sent
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: solution.answer.answer ?? '' }} />
      ) : (
        <p className="history__answer">{solution.answer.answer}</p>
      )}
      {verdict && (
        <Alert kind={verdict.right ? 'success' : 'warning'}>
          <strong>{t('history.mentorComment')}</strong>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: verdict.mentorComment }} />
        </Alert>
      )}
    </>
  );
}

/** Spec 2 §2.8: the task's solutions, filtered by result and ordered by date, a page at a time, each opening in a modal. */
export function SolutionsPage({ additional }: { additional: boolean }) {
  const t = useT();
  const serverText = useServerText();
  const dispatch = useDispatch();
  const { address, status, profile, fake, heading, item } = useTaskAddress(additional);
  useDocumentTitle(item ? t('history.pageTitle', { task: item.taskTitle }) : null);
  const [filterResult, setFilterResult] = useState<'ALL' | 'SUCCESS' | 'FAILED'>('ALL');
  const [filterDate, setFilterDate] = useState<'NEW' | 'OLD'>('NEW');
  const [opened, setOpened] = useState<SolutionEntry | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const firstOfPage = useRef<number | null>(null);
  // only code and mentor-check tasks keep their submissions: no history for the other kinds
  const keepsSolutions = item !== undefined && taskKindEntry(item.taskType).keepsSolutions;
  // spec 2 §2.8: no history of another student for a paying student (the server refuses with a 403, which
  // would sign them out): not even asked, the page sends them away below
  const noHistory = status === 'FAKE' && profile?.role.name === 'PAY_STUDENT';
  const infoId = useGetStudentTaskInfoIdQuery(
    { courseTaskId: item?.courseTaskId ?? 0, studentId: fake },
    { skip: !item || !keepsSolutions || noHistory },
  );
  // a task the student has not opened yet has no history (a view-as read never opens it)
  const notOpened = failureIf(infoId.error)?.key === 'taskNotOpened';
  const failure = failureIf((notOpened ? undefined : infoId.error) ?? heading.error);
  // spec 2 §2.8: a paying student who cannot open the task: enrolled or not decides where they go
  const askEnrolling = failure?.status === 423 && status === 'NORMAL' && address !== null;
  const enrolling = useGetStudentCourseEnrollingQuery(
    { courseId: address?.courseId ?? 0, studentId: null },
    { skip: !askEnrolling },
  );
  const solutions = useGetStudentSolutionsInfiniteQuery(
    { studentTaskId: infoId.data ?? 0, studentId: fake, filterResult, filterDate },
    { skip: infoId.data === undefined },
  );
  const pages = solutions.data?.pages;
  const rows = useMemo(() => (notOpened ? [] : pages?.flatMap((page) => page.items)), [notOpened, pages]);
  const toCourse = failure?.status === 423 && (!askEnrolling || enrolling.data === true || enrolling.isError);
  useEffect(() => {
    if (toCourse && failure) dispatch(notify({ kind: 'warning', message: serverText(failure), raw: true, timeout: 5000 }));
  }, [toCourse, failure, dispatch, serverText]);
  // after "show more", focus moves to the first solution of the new page (the button may be gone)
  useEffect(() => {
    if (firstOfPage.current === null || !rows || rows.length <= firstOfPage.current) return;
    list.current?.querySelectorAll('button')[firstOfPage.current]?.focus();
    firstOfPage.current = null;
  }, [rows]);

  if (!address) return <Navigate to="/user/courses" replace />;
  const { courseId, m, c, n } = address;
  // spec 2 §2.8: a paying student looking at another student's page has no history
  if (noHistory) return <Navigate to="/user/courses?param=forbidden" replace />;
  const back = taskPath({ courseId, additional }, m, c, n, fake);
  if (askEnrolling && enrolling.data === false) return <Navigate to="/user/courses?param=forbidden" replace />;
  if (toCourse) {
    const keep = fake ? `?studentId=${fake}` : '';
    return <Navigate to={`/user/courses/${additional ? 'additional/' : ''}${courseId}${keep}`} replace />;
  }
  if (failure && failure.status !== 423) return <StudentNotFound />;
  if (heading.data && !item) return <StudentNotFound />;
  if (item && !keepsSolutions) return <Navigate to={back} replace />;
  if (!heading.data || !item) return <PageSkeleton label={t('loading')} />;
  const showMore = () => {
    firstOfPage.current = rows?.length ?? null;
    void solutions.fetchNextPage();
  };

  return (
    <section className="history" aria-labelledby="history-title">
      <Link to={back} className="back-link">
        ← {t('history.back')}
      </Link>
      <p className="task-heading__chapter">
        {heading.data.courseName} · {item.taskTitle}
      </p>
      <h1 id="history-title" className="page-title">
        {t('history.title')}
      </h1>
      <div className="history__filters">
        <label className="field">
          <span className="field__label">{t('history.result')}</span>
          <select
            className="field__input"
            value={filterResult}
            onChange={(e) => setFilterResult(e.target.value as typeof filterResult)}
          >
            <option value="ALL">{t('history.all')}</option>
            <option value="SUCCESS">{t('history.success')}</option>
            <option value="FAILED">{t('history.failed')}</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('history.order')}</span>
          <select
            className="field__input"
            value={filterDate}
            onChange={(e) => setFilterDate(e.target.value as typeof filterDate)}
          >
            <option value="NEW">{t('history.new')}</option>
            <option value="OLD">{t('history.old')}</option>
          </select>
        </label>
      </div>
      {!rows && <Skeleton height={120} />}
      {rows && rows.length === 0 && <p className="empty-state">{t('history.empty')}</p>}
      {rows && rows.length > 0 && (
        <ul className="history__list" aria-busy={solutions.isFetching} ref={list}>
          {rows.map((s) => {
            const label = s.right === null ? t('history.pending') : s.right ? t('history.right') : t('history.wrong');
            return (
              <li key={s.id}>
                <button
                  type="button"
                  className={`history__row card history__row--${s.right === null ? 'pending' : s.right ? 'right' : 'wrong'}`}
                  onClick={() => setOpened(s)}
                >
                  <span className="history__mark" aria-hidden>
                    {s.right === null ? '…' : s.right ? '✔' : '✘'}
                  </span>
                  <span className="history__label">{label}</span>
                  <span className="history__date">{s.date}</span>
                  {/* the name starts with what the row shows (WCAG 2.5.3), then what the button does */}
                  <span className="visually-hidden">: {t('history.open')}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {solutions.hasNextPage && (
        <Button variant="secondary" className="history__more" onClick={showMore} busy={solutions.isFetchingNextPage}>
          {t('history.more')}
        </Button>
      )}
      <Dialog
        open={opened !== null}
        title={
          opened ? (opened.right === null ? t('history.pending') : opened.right ? t('history.right') : t('history.wrong')) : ''
        }
        onClose={() => setOpened(null)}
        closeLabel={t('close')}
        width={760}
      >
        {opened && <SolutionDetails solution={opened} />}
      </Dialog>
    </section>
  );
}

import type { CommentDeps } from './rows';
import { sendAcademyNotice } from '../notifications/academy';
import type { CommentCore, CommentRepository, CommentTaskRow } from './repository';

/** The task page of the student area (spec 2 §9), in view-as-student mode when `studentId` is given. */
export function taskPagePath(task: CommentTaskRow, studentId: number | null = null): string {
  const base =
    task.course_kind === 'additional' ? `/user/courses/additional/${task.course_id}` : `/user/courses/${task.course_id}`;
  const path = `${base}/${task.module_position}/${task.chapter_position}/${task.task_position}`;
  return studentId ? `${path}?studentId=${studentId}` : path;
}

/** The notices an answer sends: when it is written, or when moderation approves it (the service: service.ts). */
export function answerNotices(deps: CommentDeps, comments: CommentRepository) {
  const now = () => deps.clock.now();

  /** Tells the authors an answer concerns (the top-level comment's, and the answered answer's), never the writer. */
  async function noticeAnswer(answer: CommentCore, answered: CommentCore | null, task: CommentTaskRow): Promise<void> {
    if (answer.parent_id === null || answer.pre_moderate) return;
    const parent = await comments.findComment(answer.parent_id);
    const recipients = new Set([parent?.user_id, answered?.user_id].filter((id): id is number => id !== undefined));
    recipients.delete(answer.user_id);
    if (recipients.size === 0) return;
    const [writer] = await comments.usersByIds([answer.user_id]);
    const authorName = writer ? `${writer.first_name} ${writer.last_name}` : '';
    for (const userId of recipients) {
      await sendAcademyNotice(
        deps.db,
        {
          kind: 'COMMENT_ANSWER',
          userId,
          authorName,
          taskTitle: task.title,
          excerpt: answer.text,
          link: taskPagePath(task),
          commentId: answer.id,
        },
        now(),
      );
    }
  }

  return { noticeAnswer };
}

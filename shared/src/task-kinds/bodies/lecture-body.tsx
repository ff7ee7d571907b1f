import { useT } from '../texts';
import type { BodyProps } from '../body-props';
import { LectureVideo } from './lecture-video';

/** A lecture: its video, and a note once it counts as read (opening it solves it). */
export default function LectureBody({ task }: BodyProps) {
  const t = useT();
  return (
    <>
      {task.video && <LectureVideo url={task.video} captions={task.videoCaptions ?? null} title={task.title} />}
      {task.solved && <p className="task-body__done">{t('task.lectureDone')}</p>}
    </>
  );
}

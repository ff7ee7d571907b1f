import { usePageStatus } from '@academy/shared/api';
import { STAFF_VIEW_ROLES } from '@academy/shared/contract';
import { Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { StudentSelector } from './student-selector';
import { useGetViewedStudentMentorQuery, useGetViewedStudentNameQuery } from './view-as-api';

/**
 * The bar over a student's pages in view-as mode (spec 1 §2, §6): "page of student" and the name; for
 * staff (STAFF_VIEW_ROLES) also the assigned mentor and the student selector.
 */
export function ViewAsBar({ studentId }: { studentId: number }) {
  const t = useT();
  const { profile } = usePageStatus();
  const staff = profile !== undefined && STAFF_VIEW_ROLES.includes(profile.role.name);
  const { data: student, isLoading } = useGetViewedStudentNameQuery(studentId);
  const mentor = useGetViewedStudentMentorQuery(studentId, { skip: !staff });
  return (
    <section className="student-label student-bar" aria-labelledby="student-bar-tag">
      <div className="student-bar__who">
        <span id="student-bar-tag" className="student-label__tag">
          {t('pageOfStudent')}
        </span>
        {isLoading ? (
          <Skeleton width={160} height={18} />
        ) : (
          // surname first, as the selector and the staff's lists write a student
          student && <strong>{`${student.lastName} ${student.firstName}`.trim()}</strong>
        )}
        {staff && (
          <span className="student-bar__mentor">
            {mentor.isLoading ? (
              <Skeleton width={140} height={16} />
            ) : mentor.data?.mentor ? (
              t('viewAs.mentor', { name: `${mentor.data.mentor.firstName} ${mentor.data.mentor.lastName}`.trim() })
            ) : (
              mentor.data && t('viewAs.noMentor')
            )}
          </span>
        )}
      </div>
      {staff && <StudentSelector viewer={{ id: profile.id, role: profile.role.name }} studentId={studentId} />}
    </section>
  );
}

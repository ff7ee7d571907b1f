import { useGetProfileQuery } from '@academy/shared/api';
import { Skeleton, useDocumentTitle } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { StudentsList } from './students-list';
import '../../components/staff-table.css';
import './staff-home.css';

/**
 * The staff's home: who they are and the students' list of their role (the curator's "All students",
 * the managers' "Current students", a mentor's own students first), each student's pages a link away
 * in view-as-student mode for the roles allowed to open them.
 */
export function StaffHome() {
  const t = useT();
  useDocumentTitle(t('staff.title'));
  const { data: profile } = useGetProfileQuery();
  return (
    <section className="staff-home" aria-labelledby="staff-home-title">
      <h1 id="staff-home-title">{t('staff.title')}</h1>
      {profile ? (
        <>
          <p className="staff-home__who">
            {t('staff.greeting', { name: profile.firstName, role: t(`role.${profile.role.name}`) })}
          </p>
          <StudentsList role={profile.role.name} />
        </>
      ) : (
        <div className="card staff-home__card" aria-hidden>
          <Skeleton width="40%" height={24} />
        </div>
      )}
    </section>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useGetProfileQuery } from '@academy/shared/api';
import { STAFF_VIEW_ROLES } from '@academy/shared/contract';
import { useT } from '../../i18n';
import { Alert, Skeleton, TextField, useDebounced } from '@academy/shared/ui';
import { useGetStaffStudentListQuery } from './students-api';
import './staff-home.css';

/** The staff's home: who they are and the students they can open in view-as-student mode. */
export function StaffHome() {
  const t = useT();
  const { data: profile } = useGetProfileQuery();
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), 250);
  const { data: students, isFetching, isError } = useGetStaffStudentListQuery(search);
  const canViewAsStudent = profile !== undefined && STAFF_VIEW_ROLES.includes(profile.role.name);

  return (
    <section className="staff-home" aria-labelledby="staff-home-title">
      <h1 id="staff-home-title">{t('staff.title')}</h1>
      {profile && (
        <p className="staff-home__who">
          {t('staff.greeting', { name: profile.firstName, role: t(`role.${profile.role.name}`) })}
        </p>
      )}
      <div className="card staff-home__card">
        <h2 className="staff-home__subtitle">{t('staff.students')}</h2>
        <TextField
          label={t('staff.search')}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          hint={t('staff.searchHint')}
        />
        {isError && <Alert kind="danger">{t('staff.loadError')}</Alert>}
        {!students && !isError && (
          <div aria-hidden className="staff-home__skeleton">
            <Skeleton height={20} />
            <Skeleton height={20} />
            <Skeleton height={20} />
          </div>
        )}
        {students && students.length === 0 && <p className="staff-home__empty">{t('staff.empty')}</p>}
        {students && students.length > 0 && (
          <div className="table-wrap" aria-busy={isFetching}>
            <table className="table">
              <caption className="visually-hidden">{t('staff.students')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('staff.name')}</th>
                  <th scope="col">{t('login.email')}</th>
                  <th scope="col">{t('staff.kind')}</th>
                  <th scope="col">{t('staff.direction')}</th>
                  {canViewAsStudent && <th scope="col">{t('staff.pages')}</th>}
                </tr>
              </thead>
              <tbody>
                {students.map((student) => (
                  <tr key={student.id}>
                    <td>
                      {student.lastName} {student.firstName}
                    </td>
                    <td>{student.email}</td>
                    <td>{t(`role.${student.role}`)}</td>
                    <td>{student.direction ?? '—'}</td>
                    {canViewAsStudent && (
                      <td>
                        {student.role === 'PAY_STUDENT' ? (
                          <Link
                            to={`/user/courses?studentId=${student.id}`}
                            aria-label={`${t('staff.openPages')}: ${student.firstName} ${student.lastName}`}
                          >
                            {t('staff.openPages')}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

import { useId, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { StudentSummary } from '@academy/shared/contract';
import { EmailText, SelectField, Spinner, useDebounced } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { useGetMentorStudentListQuery, useGetSelectorStudentQuery, useSearchSelectorStudentsQuery } from './view-as-api';

const fullName = (student: { firstName: string; lastName: string }) => `${student.lastName} ${student.firstName}`.trim();

/** Opens another student's pages at the same address: the same page, another `studentId`. */
function useSwitchStudent() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (studentId: number) => {
    const params = new URLSearchParams(search);
    params.set('studentId', String(studentId));
    params.delete('param');
    void navigate({ pathname, search: `?${params.toString()}` });
  };
}

/**
 * A mentor's selector: their students (the paying ones: enrollees have no pages here), by name, and
 * the student on the page when they are someone else's.
 */
function MentorStudentSelect({ mentorId, studentId }: { mentorId: number; studentId: number }) {
  const t = useT();
  const switchTo = useSwitchStudent();
  const mine = useGetMentorStudentListQuery(mentorId);
  const current = useGetSelectorStudentQuery(studentId);
  const options: StudentSummary[] = (mine.data ?? []).filter((s) => s.role === 'PAY_STUDENT');
  if (current.data && !options.some((s) => s.id === studentId)) options.unshift(current.data);
  if (!mine.data && !mine.isError) return <Spinner label={t('viewAs.loadingStudents')} />;
  return (
    <SelectField
      className="student-bar__select"
      label={t('viewAs.myStudents')}
      value={String(studentId)}
      onChange={(event) => switchTo(Number(event.target.value))}
      hint={mine.isError ? t('viewAs.studentsError') : options.length <= 1 ? t('viewAs.noOtherStudents') : undefined}
    >
      {options.map((student) => (
        <option key={student.id} value={student.id}>
          {fullName(student)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Everyone else's selector: a combobox searching the students' list (ARIA 1.2: the input keeps the
 * focus, the arrows move through the options, Enter opens the chosen student's pages, Esc closes).
 */
function StudentSearchBox({ studentId }: { studentId: number }) {
  const t = useT();
  const switchTo = useSwitchStudent();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), 250);
  const found = useSearchSelectorStudentsQuery(query, { skip: query.length < 2 });
  const options = (found.data ?? []).filter((s) => s.id !== studentId);
  const expanded = open && query.length >= 2 && found.data !== undefined;
  const choose = (student: StudentSummary) => {
    setOpen(false);
    setText('');
    switchTo(student.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter' && expanded && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };
  return (
    <div className="field student-bar__search">
      <label className="field__label" htmlFor={`${id}-input`}>
        {t('viewAs.otherStudent')}
      </label>
      <input
        id={`${id}-input`}
        className="field__input"
        type="text"
        role="combobox"
        autoComplete="off"
        maxLength={100}
        placeholder={t('viewAs.searchPlaceholder')}
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 && options[active] ? `${id}-option-${options[active].id}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={t('viewAs.results')} className="student-bar__options" hidden={!expanded}>
        {options.map((student, index) => (
          // the keyboard works on the input (aria-activedescendant); a pointer picks an option directly
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={student.id}
            id={`${id}-option-${student.id}`}
            role="option"
            aria-selected={index === active}
            className={`student-bar__option${index === active ? ' student-bar__option--active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(student)}
          >
            <span className="student-bar__option-name">{fullName(student)}</span>
            <EmailText className="student-bar__option-note" email={student.email} />
          </li>
        ))}
      </ul>
      {expanded && options.length === 0 && (
        <p className="field__hint" role="status">
          {t('viewAs.nobodyFound')}
        </p>
      )}
    </div>
  );
}

/** The student selector of the view-as bar: a mentor picks among their students, other staff search. */
export function StudentSelector({ viewer, studentId }: { viewer: { id: number; role: string }; studentId: number }) {
  return viewer.role === 'MENTOR' ? (
    <MentorStudentSelect mentorId={viewer.id} studentId={studentId} />
  ) : (
    <StudentSearchBox studentId={studentId} />
  );
}

import type { TaskKind } from '../contract';
import type { TaskIconState } from '@academy/shared/domain';
import { useT, type MessageKey } from '@academy/shared/i18n';

/** 24×24 stroke pictograms, one per task kind. */
const PATHS: Record<TaskKind, string> = {
  lecture: 'M4 5a2 2 0 0 1 2-2h5v17H6a2 2 0 0 0-2 2zM20 5a2 2 0 0 0-2-2h-5v17h5a2 2 0 0 1 2 2z',
  theory: 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
  word: 'M4 7V5h16v2M9 19h6M12 5v14',
  code: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
  mentorCheckTask: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 11-3M16 19l2 2 4-4',
  review_step: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20a6 6 0 0 1 12 0M10 20a6 6 0 0 1 12 0',
  ordering: 'M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1',
  association: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  multi_test: 'M9 6h12M9 12h12M9 18h12M3 6l1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17',
  multi_answer: 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h7v7h-7z',
  gapping: 'M3 12h4M17 12h4M9 8h6v8H9z',
  multi_input: 'M3 5h18v5H3zM3 14h18v5H3zM6 7.5h4M6 16.5h4',
};

/** A task's kind pictogram in the colours of its state, with both named for screen readers. */
export function TaskIcon({ kind, state, title }: { kind: TaskKind; state: TaskIconState; title?: string }) {
  const t = useT();
  const label = `${title ? `${title}. ` : ''}${t(`taskKind.${kind}` as MessageKey)}: ${t(`taskState.${state}` as MessageKey)}`;
  return (
    <span className={`task-icon task-icon--${state}`} role="img" aria-label={label} title={label}>
      <svg
        width={18}
        height={18}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable={false}
      >
        <path d={PATHS[kind]} />
      </svg>
    </span>
  );
}

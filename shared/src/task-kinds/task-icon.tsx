import type { TaskKind } from '@academy/shared/contract';
import type { TaskIconState } from '@academy/shared/domain';
import { useT } from './texts';
import { taskKindEntry } from './registry';

/** A task's kind pictogram in the colours of its state, with both named for screen readers. */
export function TaskIcon({ kind, state, title }: { kind: TaskKind; state: TaskIconState; title?: string }) {
  const t = useT();
  const label = `${title ? `${title}. ` : ''}${t(`taskKind.${kind}`)}: ${t(`taskState.${state}`)}`;
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
        <path d={taskKindEntry(kind).icon} />
      </svg>
    </span>
  );
}

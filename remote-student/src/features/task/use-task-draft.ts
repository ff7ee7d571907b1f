import { useCallback, useEffect, useRef, useState } from 'react';
import { failureIf, REFRESH_ON_MOUNT_AFTER_S } from '@academy/shared/api';
import type { TaskDraft, TaskKind } from '@academy/shared/contract';
import { useGetStudentTaskDraftQuery, useLazyGetStudentTaskDraftQuery, useSaveStudentTaskDraftMutation } from './task-api';

/** How long typing pauses before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 1200;

/** Whether a task of this kind has a draft: a lecture and a review step have nothing to type. */
export const takesDraft = (kind: TaskKind | undefined) => kind !== undefined && kind !== 'lecture' && kind !== 'review_step';

/** Where the draft is: nothing to save, being saved, saved, not saved (offline: tried again), or changed elsewhere. */
export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The server-side draft of a task's unfinished answer (issue 29). The body reports its answer on every
 * change (`change`), its first included; a pause in typing saves it over the version it was based on. A save refused because
 * another tab or device saved first is not lost: the page asks which one to keep. `answer` is what a
 * body (re)mounted now starts from: the latest answer typed on this page, else the saved draft.
 * `own`: the signed-in student's own task (a view-as page shows the student's answers as they are).
 */
export function useTaskDraft(studentTaskId: number, own: boolean) {
  const skip = !own || studentTaskId === 0;
  // asked on each visit: the one that came with the page (or was saved here) a moment ago is that answer
  const query = useGetStudentTaskDraftQuery(
    { studentTaskId, studentId: null },
    { skip, refetchOnMountOrArgChange: REFRESH_ON_MOUNT_AFTER_S },
  );
  const [fetchDraft] = useLazyGetStudentTaskDraftQuery();
  const [saveDraft] = useSaveStudentTaskDraftMutation();
  const version = useRef(0);
  const saved = useRef<unknown>(undefined);
  const latest = useRef<unknown>(undefined);
  // whether the student changed the answer on this page: only then is there anything to save
  const typed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [savedAtHere, setSavedAt] = useState<string | null>(null);
  // what a body mounted now starts from, once this page has moved past the loaded draft
  const [startFrom, setStartFrom] = useState<{ answer: unknown } | null>(null);
  const [status, setStatus] = useState<DraftStatus>('idle');
  const [conflict, setConflict] = useState<TaskDraft | null>(null);
  // a body remounts with `answer` when this changes (the other tab's draft taken)
  const [generation, setGeneration] = useState(0);

  const loaded = query.data;
  useEffect(() => {
    if (loaded === undefined) return;
    version.current = loaded?.version ?? 0;
    saved.current = loaded?.answer;
  }, [loaded]);
  const savedAt = savedAtHere ?? loaded?.savedAt ?? null;

  /** Saves the latest answer now, if it differs from the saved one. */
  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    const answer = latest.current;
    if (skip || !typed.current || answer === undefined || same(answer, saved.current)) return;
    setStatus('saving');
    const result = await saveDraft({ studentTaskId, answer, version: version.current });
    if (result.data) {
      version.current = result.data.version;
      saved.current = answer;
      setSavedAt(result.data.savedAt);
      setStatus('saved');
      return;
    }
    if (failureIf(result.error)?.status !== 409) {
      setStatus('failed');
      return;
    }
    // another tab or device saved first: the same text is no conflict, a different one is the student's to choose
    const current = (await fetchDraft({ studentTaskId, studentId: null }, false)).data ?? null;
    if (current && same(current.answer, latest.current)) {
      version.current = current.version;
      saved.current = current.answer;
      setSavedAt(current.savedAt);
      setStatus('saved');
    } else if (current) {
      setConflict(current);
      setStatus('conflict');
    } else setStatus('failed');
  }, [skip, studentTaskId, saveDraft, fetchDraft]);

  /**
   * The body's answer changed; `save`: it is the student's to save (not a locked, solved or someone else's
   * task, nor what a body starts from: opening a task saves nothing, and another tab's draft stays newer).
   */
  const change = useCallback(
    (answer: unknown, save: boolean) => {
      latest.current = answer;
      if (!save || same(answer, saved.current)) return;
      typed.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  // leaving the page or the tab keeps what was typed; a draft not saved offline is tried again when online
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const online = () => void flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('online', online);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('online', online);
      void flush();
    };
  }, [flush]);

  /**
   * Before the task moves on (a reset, a cancelled sending, an answer sent): the answer on the page is
   * what the body starts from next, and it is saved, so a reload or another device shows it too.
   */
  const keep = useCallback(async () => {
    if (latest.current !== undefined) setStartFrom({ answer: latest.current });
    await flush();
  }, [flush]);

  /** Keeps this page's answer: saved over the other tab's draft. */
  const keepMine = useCallback(async () => {
    if (!conflict) return;
    version.current = conflict.version;
    saved.current = conflict.answer;
    setConflict(null);
    await flush();
  }, [conflict, flush]);

  /** Takes the other tab's draft into the editor. */
  const takeTheirs = useCallback(() => {
    if (!conflict) return;
    version.current = conflict.version;
    saved.current = conflict.answer;
    latest.current = conflict.answer;
    setStartFrom({ answer: conflict.answer });
    setSavedAt(conflict.savedAt);
    setConflict(null);
    setStatus('saved');
    setGeneration((n) => n + 1);
  }, [conflict]);

  return {
    /** the draft has been asked for (a body waits for it, so it starts from the draft, not the template) */
    ready: skip || query.isSuccess || query.isError,
    answer: startFrom ? startFrom.answer : loaded?.answer,
    generation,
    change,
    keep,
    savedAt,
    status,
    conflict,
    keepMine,
    takeTheirs,
  };
}

export type TaskDraftState = ReturnType<typeof useTaskDraft>;

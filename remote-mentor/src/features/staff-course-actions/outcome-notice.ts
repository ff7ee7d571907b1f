import { useDispatch } from 'react-redux';
import { failureOf, notify } from '@academy/shared/api';
import { useServerText } from '@academy/shared/i18n';

/** A success notice, or the server's refusal in its own words. */
export function useOutcomeNotice() {
  const dispatch = useDispatch();
  const serverText = useServerText();
  return (
    result: { error?: unknown },
    success:
      | 'staffActions.moduleDone'
      | 'staffActions.reviewReset'
      | 'staffActions.courseFinished'
      | 'staffActions.enrolled'
      | 'staffActions.moduleOpened',
  ) =>
    dispatch(
      result.error
        ? notify({ kind: 'danger', message: serverText(failureOf(result.error)), raw: true, timeout: 5000 })
        : notify({ kind: 'success', message: success }),
    );
}

import type { ReactNode } from 'react';
import { failureOf } from '@academy/shared/api';
import { useT } from '@academy/shared/i18n';
import { Alert, Button, Skeleton } from './controls';

export interface QueryStateProps<T> {
  /** an RTK Query result (`currentData` as `data` where another argument's data must not stand in) */
  query: { data?: T | undefined; isError: boolean; error?: unknown; isFetching?: boolean; refetch?: () => unknown };
  skeleton?: ReactNode;
  /** the failure's text; by default the server's, else the common unknown error */
  error?: ReactNode;
  /** a button under the failure that asks again */
  retry?: boolean;
  empty?: ReactNode;
  /** by default: an empty array */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * A query's ladder: the skeleton until data comes, the failure when none came (data already shown
 * stays after a failed refresh), the empty state, else `children` with the data.
 */
export function QueryState<T>({
  query,
  skeleton = <Skeleton height={120} />,
  error,
  retry,
  empty,
  isEmpty,
  children,
}: QueryStateProps<T>) {
  const t = useT();
  const { data } = query;
  if (data === undefined) {
    if (!query.isError) return skeleton;
    error ??= failureOf(query.error).text || t('error.unknownServer');
    return (
      <Alert kind="danger">
        {retry ? (
          <>
            <p>{error}</p>
            <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch?.()}>
              {t('retry')}
            </Button>
          </>
        ) : (
          error
        )}
      </Alert>
    );
  }
  return empty !== undefined && (isEmpty ? isEmpty(data) : Array.isArray(data) && !data.length) ? empty : children(data);
}

import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { hasText, useI18n } from '@academy/shared/i18n';
import { Alert } from '@academy/shared/ui';
import { dismissToast, type Toast } from './toasts-slice';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useDispatch();
  const { text: translate } = useI18n();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), toast.timeout);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.timeout]);
  // an area's key is found in the catalogue the area registered when it loaded
  const text = !toast.raw && hasText(toast.message) ? translate(toast.message) : toast.message;
  return <Alert kind={toast.kind}>{text}</Alert>;
}

/** Toasts at the bottom centre of the page (spec 2 §9). */
export function Toasts() {
  const toasts = useSelector((state: { toasts: Toast[] }) => state.toasts);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

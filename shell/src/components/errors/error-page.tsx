import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useT } from '../../i18n';
import { Alert, Button, NotFoundPage, usePrerenderedHandoff } from '@academy/shared/ui';

/** Spec 2 §2.17: an uncaught UI error shows an alert and a page with the message and component stack. */
export function ErrorPage({ message, componentStack }: { message: string; componentStack?: string | null }) {
  const t = useT();
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <Alert kind="danger">{t('SomethingWentWrong')}</Alert>
      <h1 id="error-page-title">{t('errorPage.title')}</h1>
      <p>{t('errorPage.text')}</p>
      <details>
        <summary>{t('errorPage.details')}</summary>
        <pre>
          {message}
          {componentStack}
        </pre>
      </details>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('reloadPage')}
      </Button>
    </section>
  );
}

/** The router's errorElement. */
export function RouteErrorPage() {
  const error = useRouteError();
  // an error in place of a prerendered page shows at once
  usePrerenderedHandoff();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? null) : null;
  return <ErrorPage message={message} componentStack={stack} />;
}

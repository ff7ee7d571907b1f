import { useT } from '../../i18n';
import { Alert, Button, useDocumentTitle, usePrerenderedHandoff } from '@academy/shared/ui';

/** Spec 2 §2.17: an uncaught UI error shows an alert and a page with the message and component stack. */
export function ErrorPage({ message, componentStack }: { message: string; componentStack?: string | null }) {
  const t = useT();
  useDocumentTitle(t('errorPage.title'));
  // an error in place of a prerendered page shows at once
  usePrerenderedHandoff();
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

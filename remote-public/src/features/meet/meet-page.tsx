import { useSearchParams } from 'react-router-dom';
import { failureIf } from '@academy/shared/api';
import { useT } from '../../i18n';
import { Alert, Button, useDocumentTitle } from '@academy/shared/ui';
import { useGetMeetLinkMutation } from '../../public-api';

/**
 * `/meet?linkCode=` (spec 2 §2.12): Connect fetches the meeting's link and the browser goes there.
 * Without a code there is nothing to connect to: the page says so and offers no button (issue 29).
 */
export function MeetPage() {
  const t = useT();
  useDocumentTitle(t('meet.title'));
  const [params] = useSearchParams();
  const code = params.get('linkCode') ?? '';
  const [getLink, result] = useGetMeetLinkMutation();
  const connect = async () => {
    const reply = await getLink(code);
    if ('data' in reply && reply.data) window.location.assign(reply.data);
  };
  const failure = failureIf(result.error);
  return (
    <section className="public-card" aria-labelledby="meet-title">
      <h1 id="meet-title">{t('meet.title')}</h1>
      <p className="public-card__lead">{t('meet.lead')}</p>
      {failure && <Alert kind="danger">{failure.text || t('meet.invalidToken')}</Alert>}
      {code ? (
        <Button onClick={() => void connect()} busy={result.isLoading} disabled={result.isLoading}>
          {t('meet.connect')}
        </Button>
      ) : (
        <Alert kind="warning">{t('meet.noCode')}</Alert>
      )}
    </section>
  );
}

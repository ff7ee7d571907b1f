import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { preloadTaskBodies } from '@academy/shared/task-kinds';
import { NotFoundPage, PageSkeleton } from '@academy/shared/ui';
import { CongratulationModal } from '../features/congratulation/congratulation-modal';
import { useT } from '../i18n';

// the pages every role shares (shared/account, with the password form): loaded when opened
const PasswordChangePage = lazy(async () => ({ default: (await import('@academy/shared/account')).PasswordChangePage }));
const LegalPage = lazy(async () => ({ default: (await import('@academy/shared/account')).LegalPage }));

// the step page loads with the task bodies it shows, so a step renders at once
const StepPage = lazy(async () => {
  const [page] = await Promise.all([
    import(/* webpackChunkName: "route-step" */ '../features/steps/step-page'),
    preloadTaskBodies(),
  ]);
  return { default: page.StepPage };
});

/** Spec 2 §2.1: `/enrollee/{directionTaskPosition}` is exactly a number from 1; anything else is not found. */
function StepRoute() {
  const { directionTaskPosition = '' } = useParams();
  if (!/^[1-9]\d{0,3}$/.test(directionTaskPosition)) return <NotFoundPage />;
  return (
    <>
      <StepPage position={Number(directionTaskPosition)} />
      <CongratulationModal />
    </>
  );
}

/** Routes of /enrollee/*: the lesson steps, the password and legal pages; every other path not found. */
export function EnrolleeRoutes() {
  const t = useT();
  return (
    <Suspense fallback={<PageSkeleton label={t('loading')} />}>
      <Routes>
        <Route path="password" element={<PasswordChangePage />} />
        <Route path="contacts" element={<LegalPage page="contacts" />} />
        <Route path="legal_entity" element={<LegalPage page="legal_entity" />} />
        <Route path="public_offer" element={<LegalPage page="public_offer" />} />
        <Route path="privacy_policy" element={<LegalPage page="privacy_policy" />} />
        <Route path=":directionTaskPosition" element={<StepRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

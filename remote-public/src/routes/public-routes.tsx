import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@academy/shared/ui';
import { LandingPage } from '../features/landing/landing-page';
import LegalPage from '../features/legal/legal-page';
import { MeetPage } from '../features/meet/meet-page';
import { RecoveryPage } from '../features/recovery/recovery-page';
import { FreeRegistrationPage } from '../features/registration/free-registration-page';
import { InvitationPage } from '../features/registration/invitation-page';
import '../public.css';

/** The public area (spec 2 §2.1): landing, registration, recovery, meeting links and the legal pages. */
export function PublicRoutes() {
  return (
    <div className="public-area">
      <Routes>
        <Route index element={<LandingPage />} />
        <Route path="start" element={<FreeRegistrationPage paymentType="REGULAR" />} />
        <Route path="start/en" element={<FreeRegistrationPage paymentType="REGULAR" />} />
        <Route path="demo" element={<FreeRegistrationPage paymentType="TRIAL" />} />
        <Route path="demo/en" element={<FreeRegistrationPage paymentType="TRIAL" />} />
        <Route path="registration/enrollee/:hash" element={<InvitationPage enrollee />} />
        <Route path="registration/:hash" element={<InvitationPage enrollee={false} />} />
        <Route path="recovery-pass" element={<RecoveryPage />} />
        <Route path="meet" element={<MeetPage />} />
        <Route path="contacts" element={<LegalPage page="contacts" />} />
        <Route path="legal_entity" element={<LegalPage page="legal_entity" />} />
        <Route path="public_offer" element={<LegalPage page="public_offer" />} />
        <Route path="privacy_policy" element={<LegalPage page="privacy_policy" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}

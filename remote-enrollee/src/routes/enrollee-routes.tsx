import { Route, Routes } from 'react-router-dom';
import { LegalPage, PasswordChangePage } from '@academy/shared/account';
import { NotFoundPage } from '@academy/shared/ui';

/** Routes of /enrollee/*: the password and legal pages; lesson steps arrive with their issue. */
export function EnrolleeRoutes() {
  return (
    <Routes>
      <Route path="password" element={<PasswordChangePage />} />
      <Route path="contacts" element={<LegalPage page="contacts" />} />
      <Route path="legal_entity" element={<LegalPage page="legal_entity" />} />
      <Route path="public_offer" element={<LegalPage page="public_offer" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

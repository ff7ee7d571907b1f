import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@academy/shared/ui';

/** Pages of this area arrive with their features; until then the area's not-found page. */
export function PublicRoutes() {
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@academy/shared/ui';
import { StudentFrame } from '../features/frame/student-frame';

/** Routes of /user/*; pages arrive with their features, until then the area's not-found page. */
export function StudentRoutes() {
  return (
    <StudentFrame>
      <Routes>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </StudentFrame>
  );
}

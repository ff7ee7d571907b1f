import { StudentRoutes } from './routes/student-routes';

/** The student area (/user/*), exposed to the shell as `./App`. */
export default function StudentApp() {
  return <StudentRoutes />;
}

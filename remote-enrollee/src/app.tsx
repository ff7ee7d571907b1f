import { EnrolleeRoutes } from './routes/enrollee-routes';

/** The enrollee area, exposed to the shell as `./App`. */
export default function EnrolleeApp() {
  return <EnrolleeRoutes />;
}

import { PublicRoutes } from './routes/public-routes';

/** The public area, exposed to the shell as `./App`. */
export default function PublicApp() {
  return <PublicRoutes />;
}

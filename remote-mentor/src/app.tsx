import { MentorRoutes } from './routes/mentor-routes';

/** The staff area (/admin, /mentor, /chief, /curator, /manager, /chief-manager), exposed as `./App`. */
export default function MentorApp() {
  return <MentorRoutes />;
}

import '@academy/shared/ui/styles.css';
import { areasOf } from '@academy/shared/domain';
import { mountStandalone } from '@academy/shared/ui/standalone';
import EnrolleeApp from './app';

mountStandalone(
  EnrolleeApp,
  areasOf('enrollee').map((area) => `/${area.prefix}/*`),
);

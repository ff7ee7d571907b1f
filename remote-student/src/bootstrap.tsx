import '@academy/shared/ui/styles.css';
import { areasOf } from '@academy/shared/domain';
import { mountStandalone } from '@academy/shared/ui/standalone';
import StudentApp from './app';

mountStandalone(
  StudentApp,
  areasOf('student').map((area) => `/${area.prefix}/*`),
);

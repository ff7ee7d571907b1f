import '@academy/shared/ui/styles.css';
import { areasOf } from '@academy/shared/domain';
import { mountStandalone } from '@academy/shared/ui/standalone';
import MentorApp from './app';

mountStandalone(
  MentorApp,
  areasOf('mentor').map((area) => `/${area.prefix}/*`),
);

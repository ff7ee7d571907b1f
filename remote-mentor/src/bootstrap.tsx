import '@academy/shared/ui/styles.css';
import { mountStandalone } from '@academy/shared/ui/standalone';
import MentorApp from './app';

mountStandalone(MentorApp, [
  '/admin/*',
  '/mentor/*',
  '/chief/*',
  '/chief-mentor/*',
  '/curator/*',
  '/manager/*',
  '/chief-manager/*',
]);

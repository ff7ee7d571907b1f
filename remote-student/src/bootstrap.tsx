import '@academy/shared/ui/styles.css';
import { mountStandalone } from '@academy/shared/ui/standalone';
import StudentApp from './app';

mountStandalone(StudentApp, ['/user/*']);

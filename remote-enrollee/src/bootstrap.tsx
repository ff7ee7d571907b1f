import '@academy/shared/ui/styles.css';
import { mountStandalone } from '@academy/shared/ui/standalone';
import EnrolleeApp from './app';

mountStandalone(EnrolleeApp, ['/enrollee/*']);

import '@academy/shared/ui/styles.css';
import { mountStandalone } from '@academy/shared/ui/standalone';
import PublicApp from './app';

mountStandalone(PublicApp, ['/*']);

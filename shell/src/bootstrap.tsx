import { createRoot } from 'react-dom/client';
import '@academy/shared/ui/styles.css';
import { createShell } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const { App } = createShell();
createRoot(container).render(<App />);

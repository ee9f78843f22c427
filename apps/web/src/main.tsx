import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initChatPrefs } from './app/chat-prefs';
import { createServices } from './app/services';
import { startServiceWorker } from './app/service-worker';
import { initTheme } from './themes/theme';
import './themes/global.css';

// Before the first render: the first paint has the chosen theme and chat display settings.
initTheme();
initChatPrefs();
const services = createServices();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
// The service worker is registered once the page has loaded, never ahead of the first paint.
startServiceWorker();

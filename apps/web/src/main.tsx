import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initChatPrefs } from './app/chat-prefs';
import { createServices } from './app/services';
import { startServiceWorker } from './app/service-worker';
import { initTheme } from './themes/theme';
import { installPrompt } from './features/install-app/install-prompt';
import './themes/global.css';

// Before the first render: the first paint has the chosen theme and chat display settings.
initTheme();
initChatPrefs();
// The browser's install offer may come before the rail is drawn: it is kept from the start.
installPrompt.listen(window);
const services = createServices();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
// The service worker is registered once the page has loaded, never ahead of the first paint.
startServiceWorker();

// First: configures zod before any schema is created.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (registerType 'autoUpdate') is registered after the page has loaded, and
// its helper is fetched only then, so neither competes with the first route.
window.addEventListener('load', () => {
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
});

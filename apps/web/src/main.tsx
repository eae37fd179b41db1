import { startEarlyRefresh } from './lib/early-refresh';
import { holdSubmissionsUntilStarted } from './lib/early-submit';

// A reloaded signed-in page restores its session while the app's scripts still load.
startEarlyRefresh();

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

const started = holdSubmissionsUntilStarted();
const start = async () => {
  await (await import('./app/start')).startApp(root);
  started();
};

// The sign-in page comes prerendered to a visitor without a sign-in (scripts/prerender.mjs): it is
// painted first and the app's scripts are fetched after, so the form shows before they arrive.
// Every other page is empty until the app renders it, so the app starts at once.
if (root.hasChildNodes() && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(() => void start()));
} else {
  void start();
}

// The service worker (registerType 'autoUpdate') is registered after the page has loaded, and
// its helper is fetched only then, so neither competes with the first route.
window.addEventListener('load', () => {
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
});

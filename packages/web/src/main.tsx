// first: zod's settings apply to schemas built after them
import './app/zod-config';
// next: the start-up requests (session, health, the route's code and data) leave before the rest
// of the entry (React DOM, Material UI, the shell) is evaluated
import './app/start-up';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { isUnsupportedBrowser } from './app/unsupported-browser';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App unsupportedBrowser={isUnsupportedBrowser(navigator.userAgent)} />
    </StrictMode>,
  );
}

// first: zod's settings apply to schemas built after them
import './app/zod-config';
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

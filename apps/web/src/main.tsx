import 'antd/dist/reset.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './app/i18n.ts';
import { Providers } from './app/Providers.tsx';
import { router } from './app/router.tsx';
import { reloadOnTokenChangeElsewhere } from './app/session.ts';

async function start(): Promise<void> {
  await initI18n();
  reloadOnTokenChangeElsewhere();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();

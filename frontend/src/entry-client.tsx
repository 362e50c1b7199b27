import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { createAppRouter } from './router';
import './styles.css';

const router = createAppRouter();

// Hydrating in a transition lets React yield to the browser between components instead of
// blocking the main thread for the whole page (the page is already visible: it was server-rendered).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  );
});

import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { clearAdminFlag } from './lib/admin-session.ts';
import { setUnauthorizedHandler } from './lib/api.ts';
import { readBootState } from './lib/boot-state.ts';
import { installHistoryGuard } from './lib/history-guard.ts';
import { installShareWindows } from './lib/share-windows.ts';
import { createQueryClient } from './lib/query-client.ts';
import { SiteConfigProvider } from './lib/site-config.tsx';
import './styles.css';

/**
 * The author's screens (/write, /edit/{id}, /admin...): the whole app hydrates, and moves between
 * pages without reloading. Reading pages boot with entry-reader.tsx instead.
 */
const boot = readBootState();
const queryClient = createQueryClient();
// DESIGN.md: any 401 from the server clears the admin flag, which shows the password screen again.
setUnauthorizedHandler(clearAdminFlag);
// Before the router subscribes to `popstate` (lib/history-guard.ts).
installHistoryGuard();
installShareWindows();

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={boot.queries as never}>
        <SiteConfigProvider config={boot.config}>
          <Router>
            <App />
          </Router>
        </SiteConfigProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  </StrictMode>,
);

import { HydrationBoundary, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const stateElement = document.getElementById('__QUERY_STATE__');
const dehydratedState = stateElement?.textContent
  ? (JSON.parse(stateElement.textContent) as DehydratedState)
  : undefined;
const queryClient = createQueryClient();

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={dehydratedState}>
        <Router>
          <App />
        </Router>
      </HydrationBoundary>
    </QueryClientProvider>
  </StrictMode>,
);

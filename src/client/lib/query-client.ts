import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/** The default loader GETs the key parts joined with slashes (SPEC.md section 7). */
const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const response = await apiRequest('GET', queryKey.join('/'));
  return response.json();
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

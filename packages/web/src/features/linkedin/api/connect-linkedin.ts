import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Starts the authorisation on the server and sends the browser to LinkedIn, which sends it back to Settings. */
export const connectLinkedin = () =>
  api<{ authorizationUrl: string }>('/api/linkedin/connect', { method: 'POST', body: {} });

export const useConnectLinkedin = () =>
  useMutation({
    mutationFn: connectLinkedin,
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });

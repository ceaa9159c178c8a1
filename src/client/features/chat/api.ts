import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { chatMessageSchema, conversationSchema, messagePageSchema } from '../../../shared/schemas/chat.ts';
import { okSchema } from '../../../shared/schemas/friends.ts';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useConversations() {
  return useQuery({
    queryKey: queryKeys.chat.conversations,
    queryFn: () => apiRequest('GET', '/api/conversations', z.array(conversationSchema)),
  });
}

/** Messages newest first, page by page; live messages are prepended by the socket handler. */
export function useMessages(conversationId: number | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.chat.messages(conversationId ?? 0),
    queryFn: ({ pageParam }) =>
      apiRequest(
        'GET',
        `/api/conversations/${conversationId}/messages?limit=30${pageParam ? `&before=${pageParam}` : ''}`,
        messagePageSchema,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled: conversationId !== null,
    // Live messages keep it current; no need to refetch on its own.
    staleTime: Infinity,
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest('POST', '/api/conversations', conversationSchema, { userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations }),
  });
}

export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiRequest('POST', `/api/conversations/${conversationId}/messages`, chatMessageSchema, { text }),
    onSuccess: (message) => {
      queryClient.setQueryData<{ pages: z.infer<typeof messagePageSchema>[]; pageParams: unknown[] }>(
        queryKeys.chat.messages(conversationId),
        (data) => {
          if (!data || data.pages.length === 0) return data;
          const [first, ...rest] = data.pages;
          if (first!.messages.some((m) => m.id === message.id)) return data;
          return { ...data, pages: [{ ...first!, messages: [message, ...first!.messages] }, ...rest] };
        },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations });
    },
  });
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: number) => apiRequest('POST', `/api/conversations/${conversationId}/read`, okSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations }),
  });
}

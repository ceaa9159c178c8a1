import { z } from 'zod';
import { userText } from '../user-text.ts';

/** A chat message or a comment on a bet. */
export const messageTextSchema = z.lazy(() => userText({ field: 'Message', typeError: 'Message cannot be empty', multiline: true })
  .min(1, 'Message cannot be empty')
  .max(2000, 'Message must be at most 2000 characters'));

export const sendMessageBodySchema = z.lazy(() => z.object({ text: messageTextSchema }));
export const startConversationBodySchema = z.lazy(() => z.object({
  userId: z.number({ error: 'Choose a friend to chat with' }).int().positive('Choose a friend to chat with'),
}));

/** A Conversation (docs/product.md §6.3), with who the other member is. */
export const conversationSchema = z.lazy(() => z.object({
  id: z.number().int(),
  name: z.string(),
  otherUserId: z.number().int(),
  isOnline: z.boolean(),
  lastMessage: z.string().nullable(),
  updatedAt: z.string(),
  unreadCount: z.number().int(),
}));
export type Conversation = z.infer<typeof conversationSchema>;

export const chatMessageSchema = z.lazy(() => z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  senderUsername: z.string(),
  text: z.string(),
  createdAt: z.string(),
}));
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const messagePageSchema = z.lazy(() => z.object({
  messages: z.array(chatMessageSchema),
  nextBefore: z.number().int().nullable(),
}));

export const betCommentSchema = z.lazy(() => z.object({
  id: z.number().int(),
  betId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  text: z.string(),
  createdAt: z.string(),
}));
export type BetComment = z.infer<typeof betCommentSchema>;
export const betCommentPageSchema = z.lazy(() => z.object({
  comments: z.array(betCommentSchema),
  nextBefore: z.number().int().nullable(),
}));

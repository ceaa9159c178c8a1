import { useEffect } from 'react';
import type { Conversation } from '../../../../shared/schemas/chat.ts';
import { MessageThread } from '../../../components/message-thread.tsx';
import { OnlineBadge } from '../../../components/ui/badge.tsx';
import { t } from '../../../lib/i18n.ts';
import { useMarkConversationRead, useMessages, useSendMessage } from '../api.ts';

/** One conversation: history (paged), live arrivals, read marks, and the composer. */
export function ConversationView({ conversation }: { conversation: Conversation }) {
  const { data, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } = useMessages(conversation.id);
  const send = useSendMessage(conversation.id);
  const markRead = useMarkConversationRead();
  const messages = [...(data?.pages.flatMap((p) => p.messages) ?? [])].reverse();
  const newestId = messages.at(-1)?.id ?? 0;
  const { mutate: markReadNow } = markRead;

  // Reading the newest message marks the conversation read.
  useEffect(() => {
    if (newestId !== 0) markReadNow(conversation.id);
  }, [newestId, conversation.id, markReadNow]);

  return (
    <MessageThread
      label={t('chat.conversation.label', { name: conversation.name })}
      header={
        <>
          <h2 className="text-lg font-bold">{conversation.name}</h2>
          <OnlineBadge online={conversation.isOnline} />
        </>
      }
      messages={messages}
      isPending={isPending}
      hasOlder={hasNextPage}
      loadingOlder={isFetchingNextPage}
      onLoadOlder={() => void fetchNextPage()}
      send={(text, callbacks) => send.mutate(text, callbacks)}
      sending={send.isPending}
      placeholder={t('chat.conversation.placeholder', { name: conversation.name })}
      // Choosing a chat is choosing to write in it: the message box takes the focus as it opens.
      autoFocus
    />
  );
}

import type { Crew } from '../../../../shared/schemas/crews.ts';
import { MessageThread } from '../../../components/message-thread.tsx';
import { t } from '../../../lib/i18n.ts';
import { useCrewMessages, useSendCrewMessage } from '../api.ts';

/** The crew's chat: its history page by page, newest at the bottom, live messages from the socket. */
export function CrewChat({ crew }: { crew: Pick<Crew, 'id' | 'name'> }) {
  const { data, isPending, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useCrewMessages(crew.id);
  const send = useSendCrewMessage(crew.id);
  const messages = [...(data?.pages.flatMap((page) => page.messages) ?? [])]
    .reverse()
    .map((m) => ({ id: m.id, senderId: m.senderId, senderName: m.senderUsername, text: m.text, createdAt: m.createdAt }));
  return (
    <>
      {isError && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {t('crews.chat.loadError')}
        </p>
      )}
      <MessageThread
        label={t('crews.chat.title')}
        header={<h2 className="text-lg font-bold">{t('crews.chat.title')}</h2>}
        messages={messages}
        isPending={isPending && !isError}
        hasOlder={hasNextPage}
        loadingOlder={isFetchingNextPage}
        onLoadOlder={() => void fetchNextPage()}
        send={(text, callbacks) => send.mutate(text, callbacks)}
        sending={send.isPending}
        placeholder={t('crews.chat.placeholder', { name: crew.name })}
      />
    </>
  );
}

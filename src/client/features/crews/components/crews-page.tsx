import { Handshake } from 'lucide-react';
import type { CrewSummary } from '../../../../shared/schemas/crews.ts';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { useMyCrews } from '../../../lib/crews-list.ts';
import { showAmount, showDate } from '../../../lib/format.ts';
import { t, tNodes } from '../../../lib/i18n.ts';
import { ScreenLink, ScreenTitle } from '../../../lib/screen-nav.tsx';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { CreateCrewForm } from './create-crew-form.tsx';

function CrewRow({ crew }: { crew: CrewSummary }) {
  const me = useCurrentUser();
  return (
    <li data-testid="crew-row" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 text-lg font-bold wrap-anywhere">
          <ScreenLink to={{ name: 'crew', id: crew.id }} className="hover:underline">
            {crew.name}
          </ScreenLink>
        </h3>
        {crew.ownerId === me.id && <Badge tone="brand">{t('crews.common.owner')}</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t('crews.list.summary', { members: crew.memberCount, season: crew.season.number, date: showDate(crew.season.endsAt) })}
      </p>
      <p className="mt-1 text-sm">
        {tNodes('crews.list.balance', { amount: <span className="font-semibold">{showAmount(crew.balance)}</span> })}
      </p>
    </li>
  );
}

/** /crews: my crews, newest first, and the way to make one (docs/product.md §6.7). */
export function CrewsPage() {
  const crews = useMyCrews();
  return (
    <div className="space-y-6">
      <div>
        <ScreenTitle>{t('crews.list.title')}</ScreenTitle>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('crews.list.intro')}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <section aria-labelledby="my-crews-heading" className="space-y-3 lg:col-span-3">
          <h2 id="my-crews-heading" className="text-lg font-bold">
            {t('crews.list.myCrews')}
          </h2>
          {crews.isPending ? (
            <Loading message={t('crews.list.loading')} />
          ) : crews.isError ? (
            <ErrorText>{t('crews.list.loadError')}</ErrorText>
          ) : crews.data.length === 0 ? (
            <EmptyState icon={<Handshake className="h-10 w-10" />} title={t('crews.list.emptyTitle')}>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('crews.list.emptyHint')}</p>
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {crews.data.map((crew) => (
                <CrewRow key={crew.id} crew={crew} />
              ))}
            </ul>
          )}
        </section>
        <Card className="h-fit lg:col-span-2">
          <CreateCrewForm />
        </Card>
      </div>
    </div>
  );
}

import { Lightbulb } from 'lucide-react';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { ScreenTitle } from '../../../lib/screen-nav.tsx';
import { t } from '../../../lib/i18n.ts';
import { useInsights } from '../api.ts';

/** Insights computed from your own history, each with the sentence that explains it. */
export function InsightsPage() {
  const { data, isPending, isError } = useInsights();
  return (
    <div className="space-y-6">
      <ScreenTitle>{t('statistics.insights.title')}</ScreenTitle>
      {isPending ? (
        <Loading message={t('statistics.insights.loading')} />
      ) : isError ? (
        <ErrorText>{t('statistics.insights.loadFailed')}</ErrorText>
      ) : !data || data.insights.length === 0 ? (
        <EmptyState icon={<Lightbulb className="h-10 w-10" />} title={t('statistics.insights.empty')}>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('statistics.insights.emptyHint')}</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {data.insights.map((insight) => (
            <li key={insight.id}>
              <Card className="h-full p-4">
                <p className="text-sm font-semibold text-slate-600 dark:text-slate-300">{insight.title}</p>
                <p className="mt-1 text-2xl font-bold" data-testid={`insight-${insight.id}`}>
                  {insight.value}
                </p>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{insight.explanation}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { Lightbulb } from 'lucide-react';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { ScreenTitle } from '../../../lib/screen-nav.tsx';
import { useInsights } from '../api.ts';

/** Insights computed from your own history, each with the sentence that explains it. */
export function InsightsPage() {
  const { data, isPending, isError } = useInsights();
  return (
    <div className="space-y-6">
      <ScreenTitle>Insights</ScreenTitle>
      {isPending ? (
        <Loading message="Generating insights..." />
      ) : isError ? (
        <ErrorText>Failed to load insights</ErrorText>
      ) : !data || data.insights.length === 0 ? (
        <EmptyState icon={<Lightbulb className="h-10 w-10" />} title="No insights yet">
          <p className="text-sm text-slate-600 dark:text-slate-300">Insights appear once you have placed a bet.</p>
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

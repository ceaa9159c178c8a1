import { Lightbulb } from 'lucide-react';
import { Card, EmptyState } from '../../components/ui/card.tsx';
import { useInsights } from '../../features/statistics/api.ts';
import { ErrorText, Loading } from '../components/mobile-ui.tsx';

/** Spec §2 mobile Insights: computed from the user's own bets, shown once there are any. */
export function InsightsView() {
  const { data, isPending, isError } = useInsights();
  if (isPending) return <Loading message="Generating insights..." />;
  if (isError) return <ErrorText>Failed to load insights</ErrorText>;
  if (!data || data.insights.length === 0) {
    return (
      <EmptyState icon={<Lightbulb className="h-10 w-10" />} title="No insights yet">
        <p className="text-sm text-slate-600 dark:text-slate-300">Insights appear once you have placed a bet.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3">
      {data.insights.map((insight) => (
        <li key={insight.id}>
          <Card className="p-4">
            <p className="text-sm font-semibold text-slate-600 dark:text-slate-300">{insight.title}</p>
            <p className="mt-1 text-2xl font-bold" data-testid={`insight-${insight.id}`}>
              {insight.value}
            </p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{insight.explanation}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

import { Lightbulb } from 'lucide-react';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useInsights } from '../api.ts';

/** Insights computed from your own history, each with the sentence that explains it. */
export function InsightsPage() {
  const { data, isPending, isError } = useInsights();
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Insights</h1>
      {isPending ? (
        <p className="flex items-center gap-2" role="status">
          <Spinner /> Generating insights...
        </p>
      ) : isError ? (
        <p role="alert" className="text-red-600">
          Failed to load insights
        </p>
      ) : !data || data.insights.length === 0 ? (
        <EmptyState icon={<Lightbulb className="h-10 w-10" />} title="No insights yet">
          <p className="text-sm text-slate-500">Insights appear once you have placed a bet.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {data.insights.map((insight) => (
            <li key={insight.id}>
              <Card className="h-full">
                <p className="text-sm font-semibold text-slate-500 dark:text-slate-400">{insight.title}</p>
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

import { useQuery } from '@tanstack/react-query';
import { eventsSchema, insightsSchema, statisticsSchema } from '../../../shared/schemas/statistics.ts';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const useStatistics = () =>
  useQuery({ queryKey: queryKeys.statistics.all, queryFn: () => apiRequest('GET', '/api/statistics', statisticsSchema) });
export const useInsights = () =>
  useQuery({ queryKey: queryKeys.statistics.insights, queryFn: () => apiRequest('GET', '/api/insights', insightsSchema) });
export const useEvents = () =>
  useQuery({ queryKey: queryKeys.statistics.events, queryFn: () => apiRequest('GET', '/api/events', eventsSchema) });

import { EmptyState } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/blocks.tsx';
import { showDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useAuditLog } from '../api.ts';

const describe = (value: Record<string, unknown> | null) =>
  value
    ? Object.entries(value)
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join(', ')
    : '—';

/** Every admin action: who, what, on what, before and after, when. */
export function AuditLogPanel() {
  const { data, isPending } = useAuditLog();
  if (isPending) {
    return <Loading message={t('admin.audit.loading')} />;
  }
  if (!data || data.entries.length === 0) return <EmptyState title={t('admin.audit.empty')} />;
  return (
    <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t('admin.audit.caption')}</caption>
        <thead className="text-slate-500">
          <tr>
            <th className="px-4 py-2 font-medium">{t('admin.audit.columnWhen')}</th>
            <th className="px-4 py-2 font-medium">{t('admin.audit.columnAdmin')}</th>
            <th className="px-4 py-2 font-medium">{t('admin.audit.columnAction')}</th>
            <th className="px-4 py-2 font-medium">{t('admin.audit.columnTarget')}</th>
            <th className="px-4 py-2 font-medium">{t('admin.audit.columnBefore')}</th>
            <th className="px-4 py-2 font-medium">{t('admin.audit.columnAfter')}</th>
          </tr>
        </thead>
        <tbody>
          {data.entries.map((e) => (
            <tr key={e.id} className="border-t border-slate-100 align-top dark:border-slate-800">
              <td className="px-4 py-2 whitespace-nowrap">{showDateTime(e.createdAt)}</td>
              <td className="px-4 py-2">{e.actor.username}</td>
              <td className="px-4 py-2 font-mono text-xs">{e.action}</td>
              <td className="px-4 py-2">
                {t('admin.audit.target', { type: e.targetType, id: String(e.targetId) })}
              </td>
              <td className="max-w-64 px-4 py-2 text-xs break-words">{describe(e.before)}</td>
              <td className="max-w-64 px-4 py-2 text-xs break-words">{describe(e.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { BarChart3, DollarSign, FileBarChart, Users } from 'lucide-react';
import { Suspense, useState } from 'react';
import { StatCard } from '../../../components/ui/card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { showAmount } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useBetList } from '../../bets/api.ts';
import { AdminBetsPanel } from '../../bets/admin-bets-panel.tsx';
import { OpenDisputesSection } from '../../bets/open-disputes.tsx';
import { useModerationQueue, useReports } from '../api.ts';
import { lazyScreen } from '../../../lib/lazy-screen.ts';
import { ScreenTitle } from '../../../lib/screen-nav.tsx';
import { AdminOnly } from './access-denied.tsx';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { ModerationPanel } from './moderation-panel.tsx';
import { UserManagementPanel } from './user-management-panel.tsx';

// Recharts is only downloaded when the charts are shown (the Analytics tab, the Reports page).
const LazyAnalyticsPanel = lazyScreen(() => import('./analytics-panel.tsx'), (m) => m.AnalyticsPanel);

function AnalyticsPanel() {
  return (
    <Suspense fallback={<Loading message={t('admin.analytics.loading')} />}>
      <LazyAnalyticsPanel.Component />
    </Suspense>
  );
}

function AdminOverview() {
  const reports = useReports();
  const moderation = useModerationQueue();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label={t('admin.overview.userManagement')} value={reports.data?.totalUsers ?? '…'} hint={t('admin.overview.userManagementHint')} icon={<Users className="h-5 w-5" />} />
      <StatCard label={t('admin.overview.reports')} value={moderation.data?.openCount ?? '…'} hint={t('admin.overview.reportsHint')} icon={<FileBarChart className="h-5 w-5" />} />
      <StatCard
        label={t('admin.overview.platformStats')}
        value={reports.data?.totalBets ?? '…'}
        hint={reports.data ? t('admin.overview.activeBets', { count: reports.data.activeBets }) : t('admin.overview.activeBetsLoading')}
        icon={<BarChart3 className="h-5 w-5" />}
      />
      <StatCard label={t('admin.stats.totalVolume')} value={reports.data ? showAmount(reports.data.totalVolume) : '…'} icon={<DollarSign className="h-5 w-5" />} />
    </div>
  );
}

/** /admin: the Admin Panel and its tabs (docs/product.md §13.8). */
export function AdminPage() {
  return (
    <AdminOnly>
      <AdminTabs />
    </AdminOnly>
  );
}

function AdminTabs() {
  const [tab, setTab] = useState('bets');
  const bets = useBetList('all');
  return (
    <div className="space-y-6">
      <ScreenTitle>{t('admin.page.title')}</ScreenTitle>
      <AdminOverview />
      <Tabs
        label={t('admin.page.tabsLabel')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'bets', label: t('admin.page.tabBets') },
          { value: 'users', label: t('admin.page.tabUsers') },
          { value: 'analytics', label: t('admin.page.tabAnalytics') },
          { value: 'moderation', label: t('admin.page.tabModeration') },
          { value: 'audit', label: t('admin.page.tabAudit') },
        ]}
      >
        <TabPanel value="bets">
          <div className="space-y-6">
            <OpenDisputesSection />
            {bets.isPending ? (
              <Loading message={t('admin.page.loadingBets')} />
            ) : bets.isError ? (
              <ErrorText>{t('admin.page.betsFailed')}</ErrorText>
            ) : (
              <AdminBetsPanel bets={bets.data} />
            )}
          </div>
        </TabPanel>
        <TabPanel value="users">
          <UserManagementPanel />
        </TabPanel>
        <TabPanel value="analytics">
          <AnalyticsPanel />
        </TabPanel>
        <TabPanel value="moderation">
          <ModerationPanel />
        </TabPanel>
        <TabPanel value="audit">
          <AuditLogPanel />
        </TabPanel>
      </Tabs>
    </div>
  );
}

export function UserManagementPage() {
  return (
    <AdminOnly>
      <div className="space-y-6">
        <ScreenTitle>{t('admin.usersPage.title')}</ScreenTitle>
        <UserManagementPanel />
      </div>
    </AdminOnly>
  );
}

export function ReportsPage() {
  return (
    <AdminOnly>
      <div className="space-y-6">
        <ScreenTitle>{t('admin.reportsPage.title')}</ScreenTitle>
        <AnalyticsPanel />
        <h2 className="text-xl font-bold">{t('admin.reportsPage.contentReports')}</h2>
        <ModerationPanel />
      </div>
    </AdminOnly>
  );
}

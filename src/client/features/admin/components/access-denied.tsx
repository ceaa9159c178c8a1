import { ShieldAlert } from 'lucide-react';

export function AccessDenied() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <ShieldAlert aria-hidden className="h-12 w-12 text-red-600" />
      <h1 className="text-2xl font-bold">Access Denied</h1>
      <p className="text-slate-600 dark:text-slate-300">You need admin privileges to access this page.</p>
    </div>
  );
}

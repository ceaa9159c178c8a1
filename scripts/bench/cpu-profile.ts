import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads the V8 CPU profiles a server wrote with --cpu-prof and says where its time went:
 * self time by package (or by our own source folder) and by function.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  file: string;
  /** Wall time the profile covers, in ms. */
  totalMs: number;
  /** Share of that time the process was idle (waiting on the database or the network). */
  idleShare: number;
  byArea: { area: string; ms: number; share: number }[];
  byFunction: { name: string; where: string; ms: number; share: number }[];
}

function areaOf(url: string, functionName: string): string {
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(garbage collector)') return '(garbage collector)';
  if (functionName === '(program)') return '(program: V8 and native code)';
  if (!url) return '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 1).split('/').slice(0, 3).join('/');
  return url;
}

export function summariseProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const totalUs = profile.endTime - profile.startTime;
  const areas = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; us: number }>();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    if (area === '(idle)') idleUs += us;
    areas.set(area, (areas.get(area) ?? 0) + us);
    const where = url ? `${url.replace(/^file:\/\//, '').replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const entry = functions.get(key) ?? { name: functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    functions.set(key, entry);
  }
  const busyUs = Math.max(1, totalUs - idleUs);
  return {
    file,
    totalMs: totalUs / 1000,
    idleShare: idleUs / Math.max(1, totalUs),
    byArea: [...areas.entries()]
      .filter(([area]) => area !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([area, us]) => ({ area, ms: us / 1000, share: us / busyUs })),
    byFunction: [...functions.values()]
      .filter((f) => f.name !== '(idle)')
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, share: f.us / busyUs })),
  };
}

export function summariseProfilesIn(dir: string): ProfileSummary[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  } catch {
    return [];
  }
  return files.map((f) => summariseProfile(path.join(dir, f)));
}

export function formatProfile(summary: ProfileSummary): string {
  const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)}%`;
  return [
    `${path.basename(summary.file)}: ${(summary.totalMs / 1000).toFixed(1)} s profiled, idle ${pct(summary.idleShare)}; busy time by area:`,
    ...summary.byArea.map((a) => `  ${pct(a.share)}  ${a.area}`),
    '  busy time by function (self):',
    ...summary.byFunction.map((f) => `  ${pct(f.share)}  ${f.name}  ${f.where}`),
  ].join('\n');
}

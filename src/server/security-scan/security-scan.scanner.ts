// The simulated scanner's verdict on a running scan (pure: the repository hands it the scan's hosts
// and the findings already known on them, and writes what it answers). A host that does not run is
// unreachable and skipped; on a reachable host the catalogue's vulnerabilities of its platform are
// found (minus the patched ones: those marked fixed), a claimed fix not found again is verified, and
// the baseline items are checked. A scan that reached no host failed.
import { cveById, type BaselineItem } from '../../domain/security-scan/catalogue.ts';
import type { Severity } from '../../domain/security-scan/cvss.ts';
import { afterRescan, baselineOnHost, platformOf, vulnsOnHost } from '../../domain/security-scan/security-scan.ts';
import type { FindingRow, HostRow, ScanOutcome, ScanRow } from './security-scan.repository.ts';

type Scorer = (cveId: string) => { score: number; severity: Severity };

function hostVerdict(scan: ScanRow, host: HostRow, known: FindingRow[], patched: FindingRow[], out: ScanOutcome, score: Scorer) {
  const platform = platformOf(host.image);
  const vulnScan = scan.scan_type !== 'baseline';
  const patchedIds = new Set(patched.filter((f) => f.host_id === host.id).map((f) => f.cve_id));
  const found = vulnScan ? vulnsOnHost(host.id, platform, patchedIds).map((e) => e.id) : [];
  const baseline = scan.scan_type !== 'vuln' ? baselineOnHost(host.id, platform, scan.baseline_items as BaselineItem[]) : [];
  const mine = new Map(known.filter((f) => f.host_id === host.id).map((f) => [f.cve_id, f]));
  for (const cve of found) {
    const f = mine.get(cve);
    if (!f) {
      const s = score(cve);
      out.inserts.push({ host_id: host.id, host_name: host.name, cve_id: cve, score_tenths: Math.round(s.score * 10), severity: s.severity, status: 'open' });
      continue;
    }
    const next = afterRescan(f.status as never, true);
    out.seen.push({ id: f.id, status: next.state, host_name: host.name, record: next.record });
  }
  if (vulnScan)
    for (const f of mine.values()) {
      if (found.includes(f.cve_id)) continue;
      const next = afterRescan(f.status as never, false);
      if (next.record) out.unseen.push({ id: f.id, status: next.state, record: next.record });
    }
  out.hosts.push({ host_id: host.id, host_name: host.name, reachable: true, cve_ids: JSON.stringify(found), baseline: JSON.stringify(baseline) });
  return { found, failed: baseline.filter((b) => b.result === 'fail').length };
}

export function finishScan(scan: ScanRow, hosts: HostRow[], known: FindingRow[], patched: FindingRow[], score: Scorer): ScanOutcome {
  const out: ScanOutcome = { status: 'completed', summary: null, hosts: [], inserts: [], seen: [], unseen: [] };
  const byId = new Map(hosts.map((h) => [h.id, h]));
  const severities: string[] = [];
  let scanned = 0;
  let baselineFailed = 0;
  for (const id of scan.host_ids as string[]) {
    const host = byId.get(id);
    if (!host || host.status !== 'running') {
      out.hosts.push({ host_id: id, host_name: host?.name ?? '', reachable: false, cve_ids: '[]', baseline: '[]' });
      continue;
    }
    const v = hostVerdict(scan, host, known, patched, out, score);
    scanned += 1;
    baselineFailed += v.failed;
    for (const cve of v.found) if (cveById(cve)) severities.push(score(cve).severity);
  }
  const vulns = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const s of severities) if (s in vulns) vulns[s as keyof typeof vulns] += 1;
  out.status = scanned ? 'completed' : 'failed';
  out.summary = { scanned_hosts: scanned, vulns, baseline_failed: baselineFailed };
  return out;
}

// The simulated shell behind a host's web console (issue 30): a few commands a person checks first
// on a host — uptime, df, a top snapshot, systemctl status, reboot — answered from the host's own
// record (its size, disk, address, when it last started) and a clock, so every server process
// answers the same. Pure: it returns the text to print and, for reboot/clear/exit, what the
// session must do; the routes send the reboot through the resource engine.

export interface ShellHost {
  id: string;
  name: string;
  spec: Record<string, unknown>;
  /** when the host last changed state (its last start, as far as the console can tell) */
  bootedAt: Date;
}

export type ShellEffect = 'reboot' | 'clear' | 'exit';

export interface ShellAnswer {
  text: string;
  effect?: ShellEffect;
}

const UNITS: Readonly<Record<string, { description: string; process: string; pid: number }>> = {
  sshd: { description: 'OpenSSH server daemon', process: '/usr/sbin/sshd -D', pid: 912 },
  crond: { description: 'Command Scheduler', process: '/usr/sbin/crond -n', pid: 915 },
  chronyd: { description: 'NTP client/server', process: '/usr/sbin/chronyd', pid: 688 },
  'cloud-agent': { description: 'Yunshu cloud monitoring agent', process: '/usr/local/cloud-agent/bin/agent', pid: 1204 },
  rsyslog: { description: 'System Logging Service', process: '/usr/sbin/rsyslogd -n', pid: 903 },
};

export const SHELL_COMMANDS = ['uptime', 'df -h', 'top', 'systemctl status <unit>', 'hostname', 'whoami', 'reboot', 'clear', 'help', 'exit'] as const;

/** A number in [0, 1) drawn from a text (the host's id and the minute), the same in every process. */
function draw(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return ((h >>> 0) % 10000) / 10000;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The host's wall clock: Asia/Shanghai (UTC+8, no daylight saving). */
function clock(now: Date): string {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}

function loads(host: ShellHost, now: Date): string {
  const m = Math.floor(now.getTime() / 60_000);
  return [0, 5, 15].map((k) => (draw(`${host.id}:${m}:${k}`) * 0.6).toFixed(2)).join(', ');
}

function upFor(host: ShellHost, now: Date): string {
  const mins = Math.max(1, Math.floor((now.getTime() - host.bootedAt.getTime()) / 60_000));
  const days = Math.floor(mins / 1440);
  const hm = `${Math.floor((mins % 1440) / 60)}:${pad2(mins % 60)}`;
  if (days > 0) return `${days} day${days === 1 ? '' : 's'}, ${hm.padStart(5)}`;
  return mins < 60 ? `${mins} min` : hm.padStart(5);
}

export function uptime(host: ShellHost, now: Date): string {
  return ` ${clock(now)} up ${upFor(host, now)},  1 user,  load average: ${loads(host, now)}`;
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback);

function df(host: ShellHost, human: boolean): string {
  const size = num(host.spec.system_disk_size, 40);
  const used = Math.round(size * (0.18 + draw(`${host.id}:disk`) * 0.4) * 10) / 10;
  const memG = num(host.spec.memory, 2);
  const rows: [string, number, number, string][] = [
    ['devtmpfs', memG / 2, 0, '/dev'],
    ['tmpfs', memG / 2, 0.01, '/dev/shm'],
    ['/dev/vda1', size, used, '/'],
  ];
  if (human) {
    const g = (v: number) => (v === 0 ? '0' : v >= 1 ? `${Math.round(v * 10) / 10}G` : `${Math.round(v * 1024)}M`);
    const lines = rows.map(
      ([fs, s, u, m]) => `${fs.padEnd(14)}${g(s).padStart(6)}${g(u).padStart(6)}${g(s - u).padStart(6)}${`${Math.round((u / s) * 100)}%`.padStart(5)} ${m}`,
    );
    return [`${'Filesystem'.padEnd(14)}${'Size'.padStart(6)}${'Used'.padStart(6)}${'Avail'.padStart(6)}${'Use%'.padStart(5)} Mounted on`, ...lines].join('\n');
  }
  const k = (v: number) => String(Math.round(v * 1024 * 1024));
  const lines = rows.map(
    ([fs, s, u, m]) => `${fs.padEnd(14)}${k(s).padStart(11)}${k(u).padStart(10)}${k(s - u).padStart(10)}${`${Math.round((u / s) * 100)}%`.padStart(5)} ${m}`,
  );
  return [
    `${'Filesystem'.padEnd(14)}${'1K-blocks'.padStart(11)}${'Used'.padStart(10)}${'Available'.padStart(10)}${'Use%'.padStart(5)} Mounted on`,
    ...lines,
  ].join('\n');
}

function top(host: ShellHost, now: Date): string {
  const cpus = num(host.spec.cpu, 1);
  const mem = num(host.spec.memory, 2) * 1024;
  const busy = Math.round(draw(`${host.id}:${Math.floor(now.getTime() / 60_000)}:cpu`) * 300) / 10;
  const used = Math.round(mem * (0.25 + draw(`${host.id}:mem`) * 0.3));
  const cache = Math.round(mem * 0.2);
  const f1 = (v: number) => v.toFixed(1);
  const procs: [number, string, number, number, string][] = [
    [1204, 'root', busy * 0.4, 1.6, 'cloud-agent'],
    [912, 'root', 0.3, 0.4, 'sshd'],
    [1, 'root', 0, 0.3, 'systemd'],
    [688, 'chrony', 0, 0.1, 'chronyd'],
    [915, 'root', 0, 0.1, 'crond'],
  ];
  return [
    `top - ${clock(now)} up ${upFor(host, now)},  1 user,  load average: ${loads(host, now)}`,
    'Tasks: 112 total,   1 running, 111 sleeping,   0 stopped,   0 zombie',
    `%Cpu(s): ${f1(busy).padStart(4)} us,  ${f1(busy / 4).padStart(4)} sy,  0.0 ni, ${f1(100 - busy * 1.25).padStart(5)} id,  0.1 wa  (${cpus} CPU)`,
    `MiB Mem : ${f1(mem).padStart(8)} total, ${f1(mem - used - cache).padStart(8)} free, ${f1(used).padStart(8)} used, ${f1(cache).padStart(8)} buff/cache`,
    '',
    '  PID USER      %CPU %MEM COMMAND',
    ...procs.map(([pid, user, c, m, cmd]) => `${String(pid).padStart(5)} ${user.padEnd(8)} ${f1(c).padStart(5)} ${f1(m).padStart(4)} ${cmd}`),
  ].join('\n');
}

function systemctl(host: ShellHost, args: string[], now: Date): string {
  if (args[0] !== 'status') return `systemctl: only "systemctl status <unit>" is available in the web console`;
  const name = (args[1] ?? '').replace(/\.service$/, '');
  if (!name)
    return [`● ${host.name}`, '    State: running', '     Jobs: 0 queued', '   Failed: 0 units', `    Since: ${host.bootedAt.toISOString()}`].join('\n');
  const unit = UNITS[name];
  if (!unit) return `Unit ${name}.service could not be found.`;
  return [
    `● ${name}.service - ${unit.description}`,
    `     Loaded: loaded (/usr/lib/systemd/system/${name}.service; enabled; vendor preset: enabled)`,
    `     Active: active (running) since ${clock(host.bootedAt)} CST; ${upFor(host, now).trim()} ago`,
    `   Main PID: ${unit.pid} (${name})`,
    `     CGroup: /system.slice/${name}.service`,
    `             └─${unit.pid} ${unit.process}`,
  ].join('\n');
}

const HELP = [
  'Commands available in the web console:',
  '  uptime                   how long the host has been up, and its load',
  '  df [-h]                  disk usage',
  '  top                      one snapshot of processes',
  '  systemctl status [unit]  a service (sshd, crond, chronyd, rsyslog, cloud-agent)',
  '  hostname, whoami         who and where you are',
  '  reboot                   restart the host (as its restart button does)',
  '  clear                    clear the screen',
  '  exit                     close the console',
].join('\n');

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A login banner as the host prints it: its own clock (Asia/Shanghai), the way `last` writes dates. */
export function lastLogin(now: Date): string {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  return `Last login: ${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)} ${clock(now)} ${d.getUTCFullYear()} from web console`;
}

/** The prompt shown before each command. */
export const promptOf = (host: Pick<ShellHost, 'name'>) => `root@${host.name}:~# `;

/** Answers one line typed at the console. */
export function runLine(host: ShellHost, line: string, now = new Date()): ShellAnswer {
  const words = line.trim().split(/\s+/).filter(Boolean);
  const [cmd, ...args] = words;
  switch (cmd) {
    case undefined:
      return { text: '' };
    case 'uptime':
      return { text: uptime(host, now) };
    case 'df':
      return { text: df(host, args.includes('-h')) };
    case 'top':
      return { text: top(host, now) };
    case 'systemctl':
      return { text: systemctl(host, args, now) };
    case 'hostname':
      return { text: host.name };
    case 'whoami':
      return { text: 'root' };
    case 'help':
      return { text: HELP };
    case 'clear':
      return { text: '', effect: 'clear' };
    case 'reboot':
      return { text: '', effect: 'reboot' };
    case 'exit':
    case 'logout':
      return { text: 'logout', effect: 'exit' };
    default:
      return { text: `bash: ${cmd.slice(0, 64)}: command not found` };
  }
}

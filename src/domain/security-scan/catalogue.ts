// What the simulated scanner knows (issue 31): well-known vulnerabilities with their NVD CVSS v3.1
// vectors, the component and the version that fixes it, in Simplified and Traditional Chinese; and
// the baseline items checked on a host. Scores are never stored here: they are computed from the
// vectors (cvss.ts), so the rating follows the spec's formula.

export type Platform = 'linux' | 'windows';

export interface CveEntry {
  id: string;
  platform: Platform;
  component: string;
  fixed_version: string;
  vector: string;
  published: string;
  title: { 'zh-CN': string; 'zh-TW': string };
}

const V = (s: string) => `CVSS:3.1/${s}`;
const FULL = V('AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
const LOCAL = V('AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H');
const c = (id: string, platform: Platform, component: string, fixed: string, vector: string, published: string, cn: string, tw: string): CveEntry => ({
  id,
  platform,
  component,
  fixed_version: fixed,
  vector,
  published,
  title: { 'zh-CN': cn, 'zh-TW': tw },
});

export const CVE_CATALOGUE: readonly CveEntry[] = [
  c('CVE-2021-44228', 'linux', 'log4j-core', '2.17.1', V('AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H'), '2021-12-10', 'Apache Log4j2 JNDI 远程代码执行漏洞', 'Apache Log4j2 JNDI 遠端程式碼執行漏洞'),
  c('CVE-2024-3094', 'linux', 'xz-utils', '5.6.1-2', V('AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H'), '2024-03-29', 'XZ Utils liblzma 后门代码执行漏洞', 'XZ Utils liblzma 後門程式碼執行漏洞'),
  c('CVE-2023-38408', 'linux', 'openssh', '9.3p2', FULL, '2023-07-20', 'OpenSSH ssh-agent PKCS#11 远程代码执行漏洞', 'OpenSSH ssh-agent PKCS#11 遠端程式碼執行漏洞'),
  c('CVE-2022-2068', 'linux', 'openssl', '3.0.4', FULL, '2022-06-21', 'OpenSSL c_rehash 脚本命令注入漏洞', 'OpenSSL c_rehash 指令碼命令注入漏洞'),
  c('CVE-2024-6387', 'linux', 'openssh', '9.8p1', V('AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H'), '2024-07-01', 'OpenSSH 信号处理竞争条件远程代码执行漏洞（regreSSHion）', 'OpenSSH 訊號處理競爭條件遠端程式碼執行漏洞（regreSSHion）'),
  c('CVE-2021-4034', 'linux', 'polkit', '0.105-33', LOCAL, '2022-01-28', 'Polkit pkexec 本地权限提升漏洞（PwnKit）', 'Polkit pkexec 本機權限提升漏洞（PwnKit）'),
  c('CVE-2021-3156', 'linux', 'sudo', '1.9.5p2', LOCAL, '2021-01-26', 'Sudo 堆缓冲区溢出权限提升漏洞（Baron Samedit）', 'Sudo 堆積緩衝區溢位權限提升漏洞（Baron Samedit）'),
  c('CVE-2022-0847', 'linux', 'kernel', '5.16.11', LOCAL, '2022-03-10', 'Linux 内核管道缓冲区权限提升漏洞（Dirty Pipe）', 'Linux 核心管線緩衝區權限提升漏洞（Dirty Pipe）'),
  c('CVE-2023-4911', 'linux', 'glibc', '2.38-4', LOCAL, '2023-10-03', 'glibc 动态加载器 GLIBC_TUNABLES 缓冲区溢出漏洞', 'glibc 動態載入器 GLIBC_TUNABLES 緩衝區溢位漏洞'),
  c('CVE-2014-0160', 'linux', 'openssl', '1.0.1g', V('AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N'), '2014-04-07', 'OpenSSL 心跳扩展内存泄露漏洞（Heartbleed）', 'OpenSSL 心跳擴充記憶體洩漏漏洞（Heartbleed）'),
  c('CVE-2021-41773', 'linux', 'httpd', '2.4.51', V('AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N'), '2021-10-05', 'Apache HTTP Server 路径穿越漏洞', 'Apache HTTP Server 路徑穿越漏洞'),
  c('CVE-2023-44487', 'linux', 'nginx', '1.25.3', V('AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H'), '2023-10-10', 'HTTP/2 快速重置拒绝服务漏洞（Rapid Reset）', 'HTTP/2 快速重設阻斷服務漏洞（Rapid Reset）'),
  c('CVE-2023-48795', 'linux', 'openssh', '9.6p1', V('AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:N'), '2023-12-18', 'SSH 协议前缀截断攻击漏洞（Terrapin）', 'SSH 協定前綴截斷攻擊漏洞（Terrapin）'),
  c('CVE-2018-15473', 'linux', 'openssh', '7.8p1', V('AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N'), '2018-08-17', 'OpenSSH 用户名枚举漏洞', 'OpenSSH 使用者名稱列舉漏洞'),
  c('CVE-2021-36368', 'linux', 'openssh', '8.9p1', V('AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:L/A:N'), '2022-03-13', 'OpenSSH FIDO 认证代理转发绕过漏洞', 'OpenSSH FIDO 認證代理轉送繞過漏洞'),
  c('CVE-2020-1472', 'windows', 'netlogon', 'KB4571694', V('AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H'), '2020-08-17', 'Windows Netlogon 权限提升漏洞（Zerologon）', 'Windows Netlogon 權限提升漏洞（Zerologon）'),
  c('CVE-2019-0708', 'windows', 'rdp', 'KB4499175', FULL, '2019-05-16', 'Windows 远程桌面服务远程代码执行漏洞（BlueKeep）', 'Windows 遠端桌面服務遠端程式碼執行漏洞（BlueKeep）'),
  c('CVE-2020-0796', 'windows', 'smbv3', 'KB4551762', FULL, '2020-03-12', 'Windows SMBv3 压缩远程代码执行漏洞（SMBGhost）', 'Windows SMBv3 壓縮遠端程式碼執行漏洞（SMBGhost）'),
  c('CVE-2022-26923', 'windows', 'adcs', 'KB5014754', V('AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H'), '2022-05-10', 'Active Directory 证书服务权限提升漏洞', 'Active Directory 憑證服務權限提升漏洞'),
  c('CVE-2017-0144', 'windows', 'smbv1', 'MS17-010', V('AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H'), '2017-03-16', 'Windows SMBv1 远程代码执行漏洞（永恒之蓝）', 'Windows SMBv1 遠端程式碼執行漏洞（永恆之藍）'),
  c('CVE-2023-24932', 'windows', 'secure-boot', 'KB5025885', V('AV:L/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H'), '2023-05-09', 'Windows 安全启动绕过漏洞（BlackLotus）', 'Windows 安全開機繞過漏洞（BlackLotus）'),
  c('CVE-2017-0147', 'windows', 'smbv1', 'MS17-010', V('AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N'), '2017-03-16', 'Windows SMBv1 信息泄露漏洞', 'Windows SMBv1 資訊洩漏漏洞'),
  c('CVE-2022-21907', 'windows', 'http.sys', 'KB5009543', FULL, '2022-01-11', 'Windows HTTP 协议栈远程代码执行漏洞', 'Windows HTTP 通訊協定堆疊遠端程式碼執行漏洞'),
]; // prettier-ignore

export const cveById = (id: string) => CVE_CATALOGUE.find((e) => e.id === id);

/** The baseline items (等保 style host hardening); some apply to one platform only. */
export const BASELINE_ITEMS = [
  'password_policy',
  'password_expiry',
  'login_lockout',
  'ssh_root_login',
  'ssh_idle_timeout',
  'firewall',
  'audit_log',
  'unused_services',
  'time_sync',
  'guest_account',
] as const;
export type BaselineItem = (typeof BASELINE_ITEMS)[number];
export const BASELINE_PLATFORM: Readonly<Partial<Record<BaselineItem, Platform>>> = {
  ssh_root_login: 'linux',
  ssh_idle_timeout: 'linux',
  guest_account: 'windows',
};

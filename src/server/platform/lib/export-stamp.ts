// Export files are named by the time they were made, as a user in China reads the clock.
/** A file name's time stamp: the wall clock of Asia/Shanghai (UTC+8, no daylight saving), yyyyMMddHHmmss. */
export function exportStamp(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-:T]/g, '');
}

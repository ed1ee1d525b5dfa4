/** The Database tab's figures and the 'View Backend' status view. */
export interface SystemStatus {
  buckets: { name: string; files: number; bytes: number }[];
  /** Null when it could not be read. */
  databaseBytes: number | null;
  databaseKind: "pglite" | "postgres";
  migrationsApplied: number | null;
  storageKind: string;
  version: string;
  uptimeSeconds: number;
}

/** "12.3 MB" style, in binary units. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "2 d 3 h", "3 h 4 min", "5 min". */
export function formatUptime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} d ${hours % 24} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

// Constants and pure checks of the kind that only its schemas, hooks and screens use: kept out of
// instance.kind.ts so the phone's first load (which reads the kind's definition) does not carry them.

/**
 * Data disks bought with a host. The seeds give no host-specific range, so a data disk takes the
 * range of a disk bought on its own (volume.kind.ts, 10–32768 GB, whole GB) and a host carries at
 * most 8 of them (the attach limit the simulated clouds share).
 */
export const DATA_DISK = { minGb: 10, maxGb: 32768, maxCount: 8 } as const;

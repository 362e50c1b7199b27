import { Injectable } from '@nestjs/common';

const CACHE_MS = 2_000;
const CACHE_MAX = 10_000;

/** Devices this process saw active in the last 2 s: their next validation costs nothing. */
@Injectable()
export class SeenDevices {
  private readonly until = new Map<string, number>();

  seenLately(key: string): boolean {
    return (this.until.get(key) ?? 0) > Date.now();
  }

  remember(key: string): void {
    if (this.until.size >= CACHE_MAX) this.until.clear();
    this.until.set(key, Date.now() + CACHE_MS);
  }

  forget(licenseId: string, deviceHash: string): void {
    for (const key of this.until.keys()) if (key.startsWith(`${licenseId} `) && key.endsWith(` ${deviceHash}`)) this.until.delete(key);
  }
}

export const seenKey = (licenseId: string, seat: string, deviceHash: string) => `${licenseId} ${seat} ${deviceHash}`;

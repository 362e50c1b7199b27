import type { OnApplicationShutdown } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import { BatchedWriter } from '../../platform/common/batched-writer';
import { throttledWarning } from '../../platform/common/logger';

export interface ValidationRecord {
  licenseId: string | null;
  keyHint: string;
  pluginVersion: string | null;
  code: string;
  reason: string | null;
  requestId: string;
  /** The SHA-256 of the device the check came from, when the plugin named one. */
  deviceHash: string | null;
}

// SQL strings: a batch of up to 500 checks goes in as one insert with one jsonb parameter (jsonb_to_recordset), not 4,000 bind parameters.
const COLUMNS = 'license_id, key_hint, plugin_version, code, reason, request_id, device_hash, checked_at';
const RECORD_TYPE = 'license_id text, key_hint text, plugin_version text, code text, reason text, request_id text, device_hash text, checked_at timestamptz';

/**
 * The license checks the plugin made, for the dashboard's key health (kept 90 days). Written in
 * batches, off the answer's path: one insert per batch instead of a pooled connection per check,
 * so a flood of checks (refused ones included) cannot queue in front of the license lookups.
 */
export class ValidationLog implements OnApplicationShutdown {
  private readonly writer: BatchedWriter<ValidationRecord & { checkedAt: Date }>;
  private readonly warn = throttledWarning('license checks could not be logged');

  constructor(private readonly orm: MikroORM) {
    this.writer = new BatchedWriter((rows) => this.insert(rows), {
      intervalMs: 200,
      batchSize: 500,
      maxPending: 20_000,
      onError: (error) => this.warn(error as Error),
    });
  }

  record(entry: ValidationRecord): void {
    this.writer.add({ ...entry, checkedAt: new Date() });
  }

  /** Writes what is waiting: on shutdown, and in tests that read the log at once. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  onApplicationShutdown(): Promise<void> {
    return this.flush();
  }

  private async insert(rows: Array<ValidationRecord & { checkedAt: Date }>): Promise<void> {
    const json = rows.map((r) => ({
      license_id: r.licenseId,
      key_hint: r.keyHint,
      plugin_version: r.pluginVersion?.slice(0, 40) ?? null,
      code: r.code,
      reason: r.reason,
      request_id: r.requestId,
      device_hash: r.deviceHash,
      checked_at: r.checkedAt.toISOString(),
    }));
    await this.orm.em
      .getConnection()
      .execute(`insert into license_validations (${COLUMNS}) select ${COLUMNS} from jsonb_to_recordset(?::jsonb) as x(${RECORD_TYPE})`, [JSON.stringify(json)]);
  }
}

import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { rootLogger } from '../common/logger';
import { closeWorker } from './close-worker';

/**
 * Closes every @Processor's worker before @nestjs/bullmq does. Its own shutdown calls BullMQ's
 * gentle close, which can hang after a Redis outage (see closeWorker); once a worker is closed
 * here, that call finds it closed.
 */
@Injectable()
export class WorkerDrain implements BeforeApplicationShutdown {
  constructor(private readonly discovery: DiscoveryService) {}

  async beforeApplicationShutdown(): Promise<void> {
    const hosts = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is WorkerHost => instance instanceof WorkerHost);
    const log = rootLogger();
    await Promise.all(hosts.map((host) => closeWorker(host.worker, log)));
  }
}

import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { serverFnContracts, type ServerFnContract } from '../../../contracts';
import { localSignInServerFns } from '../../../contracts/auth/auth.contract';
import type { AdminOperation } from './admin-operation';
import { ADMIN_OPERATION_METADATA, SERVER_FN_METADATA } from './server-fn.decorator';
import type { ServerFnHandlerFn } from './server-fn-context';

export interface RegisteredServerFn {
  contract: ServerFnContract;
  handler: ServerFnHandlerFn;
  /** Declared beside the handler for an admin operation: its role and its audit. */
  admin?: AdminOperation<never, never>;
  /** The class whose method handles it. */
  provider: abstract new (...args: never[]) => unknown;
}

/**
 * Finds every @ServerFn handler once at boot and refuses to start if a contract has none. The local
 * sign-in's come all or none: unregistered (so answered NOT_FOUND) when it does not stand in.
 */
@Injectable()
export class ServerFnRegistry implements OnApplicationBootstrap {
  private readonly byId = new Map<string, RegisteredServerFn>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, unknown>)[name];
        if (typeof method !== 'function') continue;
        const contract = this.reflector.get<ServerFnContract | undefined>(SERVER_FN_METADATA, method);
        if (!contract) continue;
        if (this.byId.has(contract.id)) throw new Error(`Two handlers for server function ${contract.id}`);
        const admin = this.reflector.get<AdminOperation<never, never> | undefined>(ADMIN_OPERATION_METADATA, method);
        this.byId.set(contract.id, {
          contract,
          handler: method.bind(instance) as ServerFnHandlerFn,
          provider: instance.constructor as RegisteredServerFn['provider'],
          ...(admin ? { admin } : {}),
        });
      }
    }
    const standIn = new Set<string>(localSignInServerFns.map((c) => c.id));
    const standInsServed = localSignInServerFns.filter((c) => this.byId.has(c.id)).length;
    const allowedAbsent = standInsServed === 0 ? standIn : new Set<string>();
    const missing = serverFnContracts.filter((c) => !this.byId.has(c.id) && !allowedAbsent.has(c.id)).map((c) => c.id);
    if (missing.length > 0) throw new Error(`Server functions without a handler: ${missing.join(', ')}`);
  }

  find(id: string): RegisteredServerFn | undefined {
    return this.byId.get(id);
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  all(): RegisteredServerFn[] {
    return [...this.byId.values()];
  }
}

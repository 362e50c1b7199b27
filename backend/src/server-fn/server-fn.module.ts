import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PAGE_SERVER_FNS } from '../platform/web/page-server-fns';
import { formDraftsProvider } from './form-drafts';
import { pageServerFnsProvider } from './in-process-server-fns';
import { ServerFnController } from './server-fn.controller';
import { ServerFnInvoker } from './server-fn.invoker';
import { ServerFnRegistry } from './server-fn.registry';

@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [ServerFnController],
  providers: [ServerFnRegistry, ServerFnInvoker, formDraftsProvider, pageServerFnsProvider],
  exports: [ServerFnInvoker, PAGE_SERVER_FNS],
})
export class ServerFnModule {}

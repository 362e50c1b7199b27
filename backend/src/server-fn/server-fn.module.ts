import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { formDraftsProvider } from './form-drafts';
import { ServerFnController } from './server-fn.controller';
import { ServerFnInvoker } from './server-fn.invoker';
import { ServerFnRegistry } from './server-fn.registry';

@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [ServerFnController],
  providers: [ServerFnRegistry, ServerFnInvoker, formDraftsProvider],
  exports: [ServerFnInvoker],
})
export class ServerFnModule {}

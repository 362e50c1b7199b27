import { Module, type OnModuleInit } from '@nestjs/common';
import { deriveKey, SITE_SECRET, type SiteSecret } from '../../platform/common/secrets/site-secret';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { EventStore } from '../../events/event-store';
import { RequestManageLinkHandler } from './commands/request-manage-link.handler';
import { ResubscribeHandler } from './commands/resubscribe.handler';
import { SetTopicsHandler } from './commands/set-topics.handler';
import { UnsubscribeAllHandler } from './commands/unsubscribe-all.handler';
import { UnsubscribeTopicHandler } from './commands/unsubscribe-topic.handler';
import { EmailPreferences } from './email-preferences';
import { ManageEmailLinks } from './manage-email-links';
import { ManageEmailTokens } from './manage-email-token';
import { emailPreferenceEvents } from './preferences.events';

/**
 * Each address's email topics and the signed links that manage them. Its page and one-click
 * unsubscribe are served by EmailModule, which imports this one: they also need the delivery log.
 */
@Module({
  providers: [
    SetTopicsHandler,
    UnsubscribeTopicHandler,
    UnsubscribeAllHandler,
    ResubscribeHandler,
    RequestManageLinkHandler,
    { provide: EmailPreferences, inject: [EventStore], useFactory: (store: EventStore) => new EmailPreferences(store) },
    {
      provide: ManageEmailLinks,
      inject: [SITE_SECRET, APP_CONFIG],
      useFactory: (secret: SiteSecret, config: AppConfig) => new ManageEmailLinks(new ManageEmailTokens(deriveKey(secret, 'manage-email')), config.PUBLIC_URL),
    },
  ],
  exports: [EmailPreferences, ManageEmailLinks],
})
export class PreferencesModule implements OnModuleInit {
  constructor(private readonly events: EventRegistry) {}

  onModuleInit(): void {
    this.events.register(...emailPreferenceEvents);
  }
}

import { Injectable } from '@nestjs/common';
import type { authEmailKinds } from '../auth';
import type { bookingEmailKinds } from '../booking';
import type { checkoutEmailKinds } from '../checkout';
import type { contactEmailKinds } from '../contact';
import type { emailModuleKinds } from './emails/email-module-kinds';

export { EMAIL_TOPICS, type EmailTopic } from '../../../../contracts/preferences/email-topics';
export type { EmailKind, RenderContext } from '../../platform/email-templates/email-definition';

/**
 * Every email the site sends, by name, as a type. Each is a React component in the `emails/` folder
 * of the module that sends it (its topic, sample data, subject and content); the trigger lives with
 * the event. Type-only imports are erased, so naming them here makes no require cycle (module →
 * email → module): at run time each module adds its own to EmailKinds.
 */
type EveryEmailKind = typeof emailModuleKinds & typeof authEmailKinds & typeof bookingEmailKinds & typeof checkoutEmailKinds & typeof contactEmailKinds;

export type EmailKindName = keyof EveryEmailKind;
export type EmailData<K extends EmailKindName> = EveryEmailKind[K]['sample'];
/** Some of the site's emails by name: what one module adds. */
export type EmailKindsByName = { [K in EmailKindName]?: EveryEmailKind[K] };

/** The emails this process can render, by name; modules add theirs in onModuleInit, as they add their triggers. */
@Injectable()
export class EmailKinds {
  private readonly byName = new Map<EmailKindName, EveryEmailKind[EmailKindName]>();

  add(...kinds: EmailKindsByName[]): this {
    for (const some of kinds) {
      for (const [name, kind] of Object.entries(some) as Array<[EmailKindName, EveryEmailKind[EmailKindName]]>) {
        const known = this.byName.get(name);
        if (known && known !== kind) throw new Error(`Two emails are called ${name}`);
        this.byName.set(name, kind);
      }
    }
    return this;
  }

  has(name: string): name is EmailKindName {
    return this.byName.has(name as EmailKindName);
  }

  get<K extends EmailKindName>(name: K): EveryEmailKind[K] {
    const kind = this.byName.get(name);
    if (!kind) throw new Error(`No email kind called ${name} is registered`);
    return kind as EveryEmailKind[K];
  }

  /** In the order they were added. */
  names(): EmailKindName[] {
    return [...this.byName.keys()];
  }
}

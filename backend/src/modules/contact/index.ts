/** The contact module's public surface: other modules, the app and the CLI import only this. */
export { ContactModule } from './contact.module';
export { contactEmailKinds } from './emails/contact-email-kinds';

/** What the preferences page asks of email (bound by EmailModule to its delivery log): was this address ever mailed. */
export interface MailedAddresses {
  hasMailed(address: string): Promise<boolean>;
}

export const MAILED_ADDRESSES = Symbol('MAILED_ADDRESSES');

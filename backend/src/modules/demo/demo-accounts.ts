/** An account of the local sign-in, as the demo data makes one. */
export interface DemoAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Where the demo data makes its accounts: the local sign-in's store, bound by emulators/identity
 * (always mounted with the demo data: both need the embedded defaults, see usesDemoData).
 */
export interface DemoAccounts {
  /** Makes the account unless the address has one; answers the account the address has. */
  createUser(user: DemoAccount): Promise<{ id: string }>;
}

export const DEMO_ACCOUNTS = Symbol('DEMO_ACCOUNTS');

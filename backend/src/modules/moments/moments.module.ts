import { Module } from '@nestjs/common';
import { AccountMomentQueries } from './account-moment.queries';
import { AccountMomentServerFns } from './account-moment.server-fns';

/**
 * The account at any moment, for the support console: each stream folded by its own module's
 * decider up to a position of the log. Its own module (not admin's): it reads every module's
 * decider, and the modules' own imports reach admin, so admin must not reach back to them.
 */
@Module({ providers: [AccountMomentQueries, AccountMomentServerFns] })
export class MomentsModule {}

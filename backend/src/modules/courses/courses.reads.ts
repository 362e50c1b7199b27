import type { EntityManager } from '@mikro-orm/postgresql';
import { unconvertedReads } from '../../platform/database/read-model-kysely';
import { type AccountStreamLink, linkKind, noLinkRef } from '../../events/account-stream-links';
import type { CourseProgressTables } from './projections/course-progress.entity';

/** The courses an account has progress in (kind `course`, id the resource id), as one part of the account's streams. */
export function courseAccountLinks(em: EntityManager, userId: string) {
  return unconvertedReads<CourseProgressTables>(em)
    .selectFrom('rm_course_progress')
    .select((eb) => [linkKind(eb, 'course'), 'resource_id as id', noLinkRef(eb)])
    .where('user_id', '=', userId)
    .$castTo<AccountStreamLink>();
}

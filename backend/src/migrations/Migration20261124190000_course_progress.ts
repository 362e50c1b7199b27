import { Migration } from '@mikro-orm/migrations';

/** The lessons each customer completed, per course (CourseProgressProjector). */
export class Migration20261124190000_course_progress extends Migration {
  override up(): void {
    this.addSql(`create table rm_course_progress (
      user_id text not null,
      resource_id text not null,
      lesson_slug text not null,
      completed_at timestamptz not null,
      primary key (user_id, resource_id, lesson_slug)
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists rm_course_progress');
  }
}

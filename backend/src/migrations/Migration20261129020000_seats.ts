import { Migration } from '@mikro-orm/migrations';

/** "Licensed user" is called a seat from contract to table: the table, its key and its index take the name. */
export class Migration20261129020000_seats extends Migration {
  override up(): void {
    this.addSql('alter table rm_licensed_users rename to rm_seats');
    this.addSql('alter table rm_seats rename constraint rm_licensed_users_pkey to rm_seats_pkey');
    this.addSql('alter table rm_seats rename constraint rm_licensed_users_seat_key_hash_key to rm_seats_seat_key_hash_key');
    this.addSql('alter index rm_licensed_users_email rename to rm_seats_email');
  }

  override down(): void {
    this.addSql('alter index rm_seats_email rename to rm_licensed_users_email');
    this.addSql('alter table rm_seats rename constraint rm_seats_seat_key_hash_key to rm_licensed_users_seat_key_hash_key');
    this.addSql('alter table rm_seats rename constraint rm_seats_pkey to rm_licensed_users_pkey');
    this.addSql('alter table rm_seats rename to rm_licensed_users');
  }
}

import { generateKeyPairSync } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { signingKeysFromPem, type SigningKeys } from './signing-keys';

const NAME = 'local-identity-signing-key';

/** The local sign-in's RS256 key, made on first boot and kept in Postgres so sessions survive restarts. */
export async function loadLocalSigningKeys(orm: MikroORM): Promise<SigningKeys> {
  const db = orm.em.getConnection();
  const read = async () => (await db.execute<{ value: string }[]>('select value from app_secrets where name = ?', [NAME]))[0]?.value;
  let pem = await read();
  if (!pem) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    // Concurrent first boots: whichever row lands first is everyone's key.
    await db.execute('insert into app_secrets (name, value) values (?, ?) on conflict (name) do nothing', [
      NAME,
      privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ]);
    pem = (await read())!;
  }
  return signingKeysFromPem(pem);
}

import { deciderSpec } from '../../../../test/support/decider-spec';
import { fileVersionsDecider, type PublishFileVersion } from './library.decider';
import { ResourceFileVersionPublished } from './library.events';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const sha = (n: number) => n.toString(16).padStart(64, '0');
const publish = (n: number, source: 'build' | 'admin' = 'build'): PublishFileVersion => ({
  type: 'PublishFileVersion',
  resourceId: 'meeting-notes-system',
  name: 'meeting-notes-system.zip',
  title: 'All templates (zip)',
  description: 'Every template.',
  storageKey: `sha256/${sha(n).slice(0, 2)}/${sha(n)}`,
  sha256: sha(n),
  bytes: 100 + n,
  contentType: 'application/zip',
  source,
  actor: source === 'build' ? 'build' : 'admin-user',
  now: NOW,
});
const published = (n: number, version: number, source: 'build' | 'admin' = 'build') => {
  const { type: _type, now: _now, ...file } = publish(n, source);
  return ResourceFileVersionPublished({ ...file, version, at: NOW.toISOString() });
};

const spec = deciderSpec(fileVersionsDecider);

describe("a file's versions", () => {
  it('the first bytes are version 1', () => {
    spec
      .given([])
      .when(publish(1))
      .then([published(1, 1)]);
  });

  it('the same bytes as the latest version publish nothing (every start of every process)', () => {
    spec
      .given([published(1, 1)])
      .when(publish(1))
      .then([]);
  });

  it('new bytes are the next version, whoever brings them', () => {
    spec
      .given([published(1, 1)])
      .when(publish(2, 'admin'))
      .then([published(2, 2, 'admin')]);
  });

  it("an admin's upload stands when the next start brings the same built file", () => {
    spec
      .given([published(1, 1), published(2, 2, 'admin')])
      .when(publish(1))
      .then([]);
  });

  it("a changed built file replaces an admin's upload: the newest is what customers get", () => {
    spec
      .given([published(1, 1), published(2, 2, 'admin')])
      .when(publish(3))
      .then([published(3, 3)]);
  });

  it('an admin may bring back the bytes of an older version', () => {
    spec
      .given([published(1, 1), published(2, 2, 'admin')])
      .when(publish(1, 'admin'))
      .then([published(1, 3, 'admin')]);
  });
});

import { contentsNote, formatBytes } from './library-labels';

describe('library labels', () => {
  it('formats sizes as file managers do', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(842)).toBe('842 bytes');
    expect(formatBytes(12_400)).toBe('12.4 KB');
    expect(formatBytes(52_428_800)).toBe('52.4 MB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
  });

  it('sums what is inside an item', () => {
    const file = {
      name: 'a',
      title: 'A',
      description: '',
      contentType: 'application/zip',
      bytes: 1500,
      version: 1,
      publishedAt: '2026-11-24T00:00:00.000Z',
      lastDownloadedAt: null,
    };
    expect(contentsNote({ kind: 'files', files: [file, file], lessonCount: 0 })).toBe('2 files, 3.0 KB');
    expect(contentsNote({ kind: 'course', files: [], lessonCount: 1 })).toBe('1 lesson');
    expect(contentsNote({ kind: 'session', files: [], lessonCount: 0 })).toBe('A live session: book a time that suits you');
  });
});

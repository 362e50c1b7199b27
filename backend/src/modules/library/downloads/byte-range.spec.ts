import { attachmentDisposition, parseRange } from './byte-range';

describe('parseRange', () => {
  it('answers whole without a Range, with several ranges or another unit', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=-', 100)).toEqual({ kind: 'whole' });
  });

  it('reads a-b, a- and a suffix -n, clamped to the size', () => {
    expect(parseRange('bytes=10-19', 100)).toEqual({ kind: 'partial', range: { start: 10, end: 19 } });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=90-500', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
  });

  it('is unsatisfiable from the end on', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('attachmentDisposition', () => {
  it('names an ASCII file plainly and exactly', () => {
    expect(attachmentDisposition('meeting-notes-system.zip')).toBe(
      `attachment; filename="meeting-notes-system.zip"; filename*=UTF-8''meeting-notes-system.zip`,
    );
  });

  it('gives a non-ASCII name an ASCII fallback and the RFC 5987 form', () => {
    expect(attachmentDisposition('Résumé "notes".md')).toBe(`attachment; filename="R_sum_ _notes_.md"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22notes%22.md`);
  });
});

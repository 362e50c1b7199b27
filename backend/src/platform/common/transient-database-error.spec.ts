import { isTransientDatabaseError } from './transient-database-error';

describe('transient database failures', () => {
  it.each([
    ['too many clients already', { code: '53300' }],
    ['the database is starting up', { code: '57P03' }],
    ['an administrator ended the connection', { code: '57P01' }],
    ['a connection failure', { code: '08006' }],
    ['a refused TCP connection', { code: 'ECONNREFUSED' }],
  ])('counts %s as transient', (_label, error) => {
    expect(isTransientDatabaseError(Object.assign(new Error('x'), error))).toBe(true);
  });

  it("looks inside the ORM's wrapping", () => {
    expect(isTransientDatabaseError(Object.assign(new Error('wrapped'), { previous: Object.assign(new Error('x'), { code: '53300' }) }))).toBe(true);
    expect(isTransientDatabaseError(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '08006' }) }))).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505' }],
    ['a syntax error', { code: '42601' }],
    ['an error without a code', {}],
  ])('does not count %s', (_label, error) => {
    expect(isTransientDatabaseError(Object.assign(new Error('x'), error))).toBe(false);
    expect(isTransientDatabaseError(undefined)).toBe(false);
  });
});

import { posix } from 'node:path';

/** A backend file: its path under backend/src (posix separators) and its text. */
export interface SourceFile {
  path: string;
  source: string;
}

/** One import between backend files, `import type` included. */
export interface Import {
  from: string;
  to: string;
}

/** A strongly connected set of areas, with one cycle through it: the areas in order and the imports of each hop. */
export interface AreaCycle {
  areas: string[];
  hops: { from: string; to: string; imports: Import[] }[];
}

const ABOVE_GROUND = ['modules', 'integrations', 'emulators'];
const GROUND_FLOOR = new Set(['events', 'server-fn', 'platform']);

/** modules/<m>, integrations/<x>, emulators/<x>; else the top-level folder; a top-level file (a composition root) is its own area. */
export function areaOf(path: string): string {
  const parts = path.split('/');
  if (ABOVE_GROUND.includes(parts[0]!) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : path;
}

const isTest = (path: string) => /\.(spec|test)\.tsx?$/.test(path);

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^;'"`]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The files under backend/src a file imports (relative specifiers only: packages and contracts are not areas). */
export function importsOf(file: SourceFile, known: ReadonlySet<string>): Import[] {
  const specifiers = [...file.source.matchAll(STATIC_IMPORT), ...file.source.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]!);
  const imports: Import[] = [];
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) continue;
    const target = posix.normalize(posix.join(posix.dirname(file.path), specifier.replace(/\.js$/, '')));
    if (target.startsWith('..')) continue;
    const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`];
    imports.push({ from: file.path, to: candidates.find((candidate) => known.has(candidate)) ?? `${target}.ts` });
  }
  return imports;
}

function areaEdges(files: readonly SourceFile[], allowOutgoing: ReadonlySet<string>): Map<string, Map<string, Import[]>> {
  const known = new Set(files.map((file) => file.path));
  const edges = new Map<string, Map<string, Import[]>>();
  for (const file of files) {
    const from = areaOf(file.path);
    if (isTest(file.path) || allowOutgoing.has(from)) continue;
    for (const imported of importsOf(file, known)) {
      const to = areaOf(imported.to);
      if (to === from) continue;
      const out = edges.get(from) ?? new Map<string, Import[]>();
      out.set(to, [...(out.get(to) ?? []), imported]);
      edges.set(from, out);
    }
  }
  return edges;
}

/**
 * Every cycle among backend areas, counting type imports too (a type import still ties the two
 * areas' designs). `allowOutgoing` names registries whose imports are left out (the email
 * registry imports each module's email kinds by design).
 */
export function areaCycles(files: readonly SourceFile[], allowOutgoing: readonly string[] = []): AreaCycle[] {
  const edges = areaEdges(files, new Set(allowOutgoing));
  return stronglyConnected(edges)
    .filter((component) => component.length > 1)
    .map((component) => ({ areas: [...component].sort(), hops: cycleThrough(component, edges) }));
}

/** Tarjan's algorithm over the area graph. */
function stronglyConnected(edges: Map<string, Map<string, Import[]>>): string[][] {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((out) => [...out.keys()])])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return components;
}

/** The shortest way from the component's first area back to itself, hop by hop, with the imports of each hop. */
function cycleThrough(component: string[], edges: Map<string, Map<string, Import[]>>): AreaCycle['hops'] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      if (next === start) return hopsBack(start, cameFrom, edges);
      queue.push(next);
    }
  }
  return [];
}

function hopsBack(start: string, cameFrom: Map<string, string>, edges: Map<string, Map<string, Import[]>>): AreaCycle['hops'] {
  const hops: AreaCycle['hops'] = [];
  let to = start;
  do {
    const from = cameFrom.get(to)!;
    hops.unshift({ from, to, imports: edges.get(from)!.get(to)! });
    to = from;
  } while (to !== start);
  return hops;
}

/** A cycle as a reader needs it: its areas, then each hop with the imports (file → file) that make it. */
export function describeCycle(cycle: AreaCycle): string {
  const hops = cycle.hops.map(({ from, to, imports }) => `  ${from} → ${to}:\n${imports.map((i) => `    ${i.from} → ${i.to}`).join('\n')}`);
  return `cycle among ${cycle.areas.join(', ')}\n${hops.join('\n')}`;
}

/** Imports from the ground floor (events, server-fn, platform) to anything above it: modules, integrations, emulators. */
export function groundFloorImportsAbove(files: readonly SourceFile[]): Import[] {
  const known = new Set(files.map((file) => file.path));
  return files
    .filter((file) => GROUND_FLOOR.has(areaOf(file.path)) && !isTest(file.path))
    .flatMap((file) => importsOf(file, known))
    .filter((imported) => ABOVE_GROUND.includes(imported.to.split('/')[0]!));
}

/** A string or template literal: its text (a template's `${…}` parts included) and the tag before a template (`sql`). */
export interface Literal {
  text: string;
  tag?: string;
}

/** The string and template literals of a source, comments and regular expressions left out. */
export function stringLiterals(source: string): Literal[] {
  return scan(source)
    .filter((token) => token.kind === 'string')
    .map(({ start, end }) => {
      const tag = source[start] === '`' ? /([A-Za-z_$][\w$]*)$/.exec(source.slice(Math.max(0, start - 40), start))?.[1] : undefined;
      return { text: source.slice(start + 1, end - 1), ...(tag ? { tag } : {}) };
    });
}

/** The source with its comments and the insides of its strings blanked (lines and offsets kept): what is left is code. */
export function codeOnly(source: string): string {
  let code = source;
  for (const { kind, start, end } of scan(source)) {
    const from = kind === 'string' ? start + 1 : start;
    const to = kind === 'string' ? end - 1 : end;
    if (kind !== 'regex') code = code.slice(0, from) + code.slice(from, to).replace(/[^\n]/g, ' ') + code.slice(to);
  }
  return code;
}

interface Token {
  kind: 'string' | 'comment' | 'regex';
  start: number;
  end: number;
}

/** Where a `/` opens a regular expression rather than divides: after an operator, a bracket or `return`. */
const BEFORE_REGEX = /(^|[(,=:[!&|?{};+\-*%<>~^]|\breturn)\s*$/;

/** Where the strings, comments and regular expressions of a source are. */
function scan(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    const next = source[i + 1];
    let token: Token | undefined;
    if (char === '/' && next === '/') token = { kind: 'comment', start: i, end: lineEnd(source, i) };
    else if (char === '/' && next === '*') token = { kind: 'comment', start: i, end: blockEnd(source, i) };
    else if (char === '/' && BEFORE_REGEX.test(source.slice(Math.max(0, i - 10), i))) token = { kind: 'regex', start: i, end: regexEnd(source, i) };
    else if (char === "'" || char === '"' || char === '`') token = { kind: 'string', start: i, end: closingQuote(source, i) + 1 };
    if (token) tokens.push(token);
    i = token ? token.end : i + 1;
  }
  return tokens;
}

function blockEnd(source: string, open: number): number {
  const close = source.indexOf('*/', open + 2);
  return close === -1 ? source.length : close + 2;
}

function regexEnd(source: string, open: number): number {
  let inClass = false;
  for (let i = open + 1; i < source.length; i += 1) {
    const char = source[i]!;
    if (char === '\\') i += 1;
    else if (char === '\n') return i;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) return i + 1;
  }
  return source.length;
}

function lineEnd(source: string, from: number): number {
  const end = source.indexOf('\n', from);
  return end === -1 ? source.length : end;
}

function closingQuote(source: string, open: number): number {
  const quote = source[open]!;
  let i = open + 1;
  while (i < source.length && source[i] !== quote) i += source[i] === '\\' ? 2 : 1;
  return i;
}

const SQL_STATEMENTS = [/^\s*insert\s+into\s/i, /^\s*update\s+[\w."]+\s+set\s/i, /^\s*delete\s+from\s/i, /^\s*with\s+[\w"]+\s+as\s*(materialized\s*)?\(/i];
const SELECT = /^\s*(select|SELECT)\b[\s\S]*\bfrom\b/i;
/** What prose beginning "Select … from" lacks. */
const SQL_MARK = /(\$\d|=|\*|::|\bwhere\b|\bjoin\b|\border\s+by\b|\bgroup\s+by\b|\blimit\b|\breturning\b|\b(count|max|min|sum)\()/i;

function isSql({ text, tag }: Literal): boolean {
  if (tag === 'sql') return /\b(select|insert|update|delete|from)\b/i.test(text);
  if (SQL_STATEMENTS.some((statement) => statement.test(text))) return true;
  const select = SELECT.exec(text);
  return select !== null && (select[1] === 'select' || select[1] === 'SELECT' || SQL_MARK.test(text));
}

/** The literals of a source that are SQL (a statement, or a Kysely `sql` fragment naming a table), not a builder's table name, not prose. */
export function sqlStrings(source: string): string[] {
  return stringLiterals(source)
    .filter(isSql)
    .map((literal) => literal.text);
}

/** The table each entity file under modules/<m>/ declares, with its owning module. */
export function tableOwners(files: readonly SourceFile[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files) {
    if (!file.path.startsWith('modules/') || !/\.entit(y|ies)\.ts$/.test(file.path)) continue;
    for (const match of file.source.matchAll(/tableName:\s*['"]([a-z0-9_]+)['"]/g)) owners.set(match[1]!, areaOf(file.path));
  }
  return owners;
}

export interface SqlReport {
  /** Module files holding SQL strings. */
  files: string[];
  /** Those without a comment saying why (`// SQL strings: …`). */
  unexplained: string[];
  /** Another module's table named in a SQL string. */
  foreignTables: { path: string; table: string; owner: string }[];
}

const SQL_WHY = /(\/\/|\/\*+|\*)\s*SQL strings?\b[^\n]*\w/;

/** Where modules write SQL by hand, and whose tables those strings name. */
export function sqlReport(files: readonly SourceFile[]): SqlReport {
  const owners = tableOwners(files);
  const report: SqlReport = { files: [], unexplained: [], foreignTables: [] };
  for (const file of files) {
    if (!file.path.startsWith('modules/') || isTest(file.path)) continue;
    const statements = sqlStrings(file.source);
    if (statements.length === 0) continue;
    report.files.push(file.path);
    if (!SQL_WHY.test(file.source)) report.unexplained.push(file.path);
    const module = areaOf(file.path);
    const named = new Set(statements.flatMap((statement) => [...statement.matchAll(/\brm_[a-z0-9_]+/g)].map((match) => match[0])));
    for (const table of named) {
      const owner = owners.get(table);
      if (owner && owner !== module) report.foreignTables.push({ path: file.path, table, owner });
    }
  }
  return report;
}

/** What breaks the SQL rule: more than `maxFiles` module files with SQL strings, any without its why, any naming another module's table. */
export function sqlViolations(report: SqlReport, maxFiles = 2): string[] {
  return [
    ...(report.files.length > maxFiles ? [`${report.files.length} module files hold SQL strings (at most ${maxFiles}): ${report.files.join(', ')}`] : []),
    ...report.unexplained.map((path) => `${path} holds SQL strings without a comment saying why (// SQL strings: …)`),
    ...report.foreignTables.map(
      ({ path, table, owner }) => `${path} names ${table}, a table of ${owner}, in a SQL string: read it through ${owner}'s exported reads`,
    ),
  ];
}

export interface CastStreamRead {
  path: string;
  line: number;
  text: string;
}

const STREAM_READ = /\breadStream(?:Records)?\s*\(/g;

/**
 * Stream reads whose result is cast with `as`: directly (`(await store.readStream(id)) as X[]`),
 * through the variable holding it, or through the loop variable walking it. A typed read
 * (`readStream(id, decider.events)`) needs no cast.
 */
export function castStreamReads(files: readonly SourceFile[]): CastStreamRead[] {
  return files.flatMap((file) => {
    const code = codeOnly(file.source);
    const found: number[] = [];
    for (const match of code.matchAll(STREAM_READ)) {
      const close = closingParen(code, match.index + match[0].length - 1);
      if (/^[\s)]*as\s/.test(code.slice(close + 1))) found.push(match.index);
      const holder = heldIn(code, match.index);
      if (holder) found.push(...castsOf(code, holder, match.index));
    }
    return [...new Set(found)].sort((a, b) => a - b).map((at) => ({ path: file.path, line: lineOf(code, at), text: lineText(file.source, at) }));
  });
}

/** The variable a read's result is assigned to (`const events = await store.readStream(…)`), if any. */
function heldIn(source: string, at: number): string | undefined {
  const start = source.lastIndexOf('\n', at) + 1;
  return /(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:\(?\s*await\s+)?[\w$.]*$/.exec(source.slice(start, at))?.[1];
}

/** Where `name`, or a loop variable walking it, is cast with `as` after `from`. */
function castsOf(source: string, name: string, from: number): number[] {
  const rest = source.slice(from);
  const loopVariables = [...rest.matchAll(new RegExp(`for\\s*\\(\\s*(?:const|let)\\s+([A-Za-z_$][\\w$]*)\\s+of\\s+${name}\\b`, 'g'))].map((m) => m[1]!);
  return [name, ...loopVariables].flatMap((variable) => [...rest.matchAll(new RegExp(`\\b${variable}\\)*\\s+as\\s`, 'g'))].map((match) => from + match.index));
}

function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    const char = source[i]!;
    if (char === "'" || char === '"' || char === '`') i = closingQuote(source, i);
    else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return i;
  }
  return source.length;
}

const lineOf = (source: string, at: number) => source.slice(0, at).split('\n').length;
const lineText = (source: string, at: number) => source.slice(source.lastIndexOf('\n', at) + 1, lineEnd(source, at)).trim();

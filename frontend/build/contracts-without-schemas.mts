import { parseSync, type Plugin } from 'vite';

/**
 * The browser needs a contract's id, method and error codes to call a server function, never its
 * input and output schemas (the backend validates with them), and building those schemas is what
 * pulled all of zod into every page. In the browser build, each module under contracts/:
 * - gives `defineServerFn({...})` a stand-in for `input` and `output` (whose parse methods throw,
 *   so a browser that starts relying on one fails loudly instead of skipping validation);
 * - marks the calls in its top-level declarations pure (contracts declare, they do not act), so a
 *   schema nothing in the browser uses is dropped, while one the browser really validates with
 *   (a form's, say) stays, in the chunk of the page that uses it.
 * - has each server function imported on its own (`@contracts/x.contract?export=name`), so a
 *   page's chunk holds only the contracts it calls: a chunk takes a whole module, and one
 *   contract needed on first load (a route's guard) would otherwise bring every contract of its
 *   module that any page calls into the entry.
 * The backend and the server renderer import the contracts as written.
 *
 * And it checks the result: a page's first load (the entry and what it imports) holds no zod.
 */
export function contractsWithoutSchemas(contractsDir: string, zodEntry: string): Plugin {
  const STAND_IN = '\0contract-schema-left-out';
  return {
    name: 'contracts-without-schemas',
    apply: (_config, env) => !env.isSsrBuild && env.command === 'build',
    resolveId: (id) => (id === STAND_IN ? id : null),
    load: (id) =>
      id === STAND_IN
        ? [
            `const fail = () => { throw new Error('This contract schema is left out of the browser build (frontend/build/contracts-without-schemas.mts): import the schema itself.'); };`,
            'export const leftOut = { parse: fail, safeParse: fail, parseAsync: fail, safeParseAsync: fail };',
          ].join('\n')
        : null,
    transform(code, id) {
      const file = id.split('?')[0]!;
      // The browser's zod (it turns zod's eval probe off) is imported by every contract; its one
      // effect matters only where a schema is built, so it is dropped wherever none is.
      if (file === zodEntry) return { code, map: null, moduleSideEffects: false };
      if (!file.startsWith(contractsDir)) return file.includes('/node_modules/') ? null : importsPerContract(file, code);
      if (!/\.ts$/.test(file)) return null;
      const edits = contractEdits(file, code);
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      const usesStandIn = edits.some((edit) => edit.text === '__schemaLeftOut');
      return { code: usesStandIn ? `import { leftOut as __schemaLeftOut } from ${JSON.stringify(STAND_IN)};\n${out}` : out, map: null };
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const chunk = chunks.get(fileName)!;
        const zod = Object.keys(chunk.modules).find((module) => module.includes('/node_modules/zod/'));
        if (zod)
          this.error(
            `${fileName}, loaded with every page, holds zod (${importChain(zod).join(' ← ')}): keep zod to the chunks of the pages that validate with it.`,
          );
        chunk.imports.forEach(visit);
      };
      // How zod got there: who imports it, up to two of our own modules.
      const importChain = (id: string, ours = 0): string[] => {
        const importer = this.getModuleInfo(id)?.importers[0];
        const mine = id.includes('/node_modules/') ? ours : ours + 1;
        return importer && mine < 2 ? [id, ...importChain(importer, mine)] : [id];
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
    },
  };
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const FUNCTIONS = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration', 'ClassExpression', 'ClassDeclaration']);

function contractEdits(file: string, code: string): Edit[] {
  const { program, errors } = parseSync(file, code, { lang: 'ts', sourceType: 'module' });
  if (errors.length) throw new Error(`contracts-without-schemas could not parse ${file}: ${errors[0]!.message}`);
  const edits: Edit[] = [];
  // Only what runs when the module loads: a function's body runs when called, and may rely on its
  // effects (a refine that probes Intl by constructing it), so it is left alone.
  const visit = (node: Node, found: { calls: Node[]; spread: boolean }) => {
    if (FUNCTIONS.has(node.type)) return;
    if (node.type === 'SpreadElement') found.spread = true;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') found.calls.push(node);
    if (node.type === 'CallExpression' && isIdentifier(node.callee, 'defineServerFn')) {
      const [contract] = node.arguments as Node[];
      if (contract?.type === 'ObjectExpression')
        for (const property of contract.properties as Node[]) {
          const key = property.key as Node | undefined;
          if (property.type === 'Property' && !property.computed && key && (isIdentifier(key, 'input') || isIdentifier(key, 'output'))) {
            const value = property.value as Node;
            edits.push({ start: value.start, end: value.end, text: '__schemaLeftOut' });
            property.value = null;
          }
        }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((item) => isNode(item) && visit(item, found));
      else if (isNode(value)) visit(value, found);
    }
  };
  for (const statement of program.body as unknown as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init;
      if (!isNode(init)) continue;
      const found = { calls: [] as Node[], spread: false };
      visit(init, found);
      if (found.spread) {
        // A spread reads its operand's properties (getters may run), so a pure call keeps the
        // object it spreads alive: the whole initializer becomes one pure call instead.
        edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' }, { start: init.end, end: init.end, text: '))()' });
      } else {
        const starts = new Set(found.calls.map((call) => call.start));
        for (const start of starts) edits.push({ start, end: start, text: '/* @__PURE__ */ ' });
      }
    }
  }
  return edits;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const isIdentifier = (node: unknown, name: string) => isNode(node) && node.type === 'Identifier' && node.name === name;

/** `import { a, b as c } from '@contracts/x.contract'` → one import per contract, `?export=a` and `?export=b`. */
function importsPerContract(file: string, code: string): { code: string; map: null } | null {
  if (!code.includes('@contracts/')) return null;
  const { program, errors } = parseSync(file, code, { lang: /\.tsx$/.test(file) ? 'tsx' : 'ts', sourceType: 'module' });
  if (errors.length) return null;
  const edits: Edit[] = [];
  for (const statement of program.body as unknown as Node[]) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    const source = (statement.source as { value: string }).value;
    const specifiers = statement.specifiers as Node[];
    if (!/^@contracts\/.*\.contract$/.test(source) || specifiers.length === 0 || specifiers.some((s) => s.type !== 'ImportSpecifier')) continue;
    const imports = specifiers
      .filter((specifier) => specifier.importKind !== 'type')
      .map((specifier) => {
        const imported = specifier.imported as { name?: string; value?: string };
        const name = imported.name ?? imported.value!;
        return `import { ${code.slice(specifier.start, specifier.end)} } from ${JSON.stringify(`${source}?export=${name}`)};`;
      });
    edits.push({ start: statement.start, end: statement.end, text: imports.join(' ') });
  }
  if (edits.length === 0) return null;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { code: out, map: null };
}

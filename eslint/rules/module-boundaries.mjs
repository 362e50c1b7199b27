import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

// Resolves each relative import against the importing file, because `no-restricted-imports`
// matches the written specifier: `../b/x` is another module's internals from `modules/a/` but a
// sibling folder's file from `modules/a/commands/`, and no pattern can tell the two apart.

/** `modules/<name>` plus the rest of the path, or the top-level folder of `backend/src/`. */
function place(srcRoot, absolutePath) {
  const path = relative(srcRoot, absolutePath);
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return undefined;
  const [area, ...inside] = path.split(sep);
  return { area, inside: inside.join('/'), module: area === 'modules' ? inside[0] : undefined, rest: inside.slice(1) };
}

const PUBLIC_SURFACE = new Set(['index', 'index.ts', 'index.js']);
const CORE_AREAS = new Set(['events', 'server-fn', 'platform']);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Keeps backend/src's shape: modules meet only through index.ts; events, server-fn and platform import no module; no module imports an emulator.",
    },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, required: ['srcRoot'], additionalProperties: false }],
    messages: {
      internals:
        'modules/{{from}} reaches into modules/{{to}}/{{file}}: import what it needs from modules/{{to}} (its index.ts), adding it there if it is missing.',
      coreImportsModule: '{{area}}/ must not import from modules/ (modules/{{to}}): modules depend on {{area}}/, not the other way round.',
      emulatorFromModule: 'modules/{{from}} imports emulators/{{file}}: emulators are local stand-ins, and no module imports one.',
    },
  },
  create(context) {
    const srcRoot = resolve(context.options[0].srcRoot);
    const importer = place(srcRoot, context.filename);
    if (!importer) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = place(srcRoot, resolve(dirname(context.filename), specifier));
      if (!target) return;
      if (importer.area === 'modules' && target.area === 'emulators') {
        context.report({ node, messageId: 'emulatorFromModule', data: { from: importer.module, file: target.inside } });
        return;
      }
      if (target.area !== 'modules' || target.module === undefined) return;
      if (CORE_AREAS.has(importer.area)) {
        context.report({ node, messageId: 'coreImportsModule', data: { area: importer.area, to: target.module } });
        return;
      }
      const throughIndex = target.rest.length === 0 || (target.rest.length === 1 && PUBLIC_SURFACE.has(target.rest[0]));
      if (importer.area === 'modules' && importer.module !== target.module && !throughIndex) {
        context.report({ node, messageId: 'internals', data: { from: importer.module, to: target.module, file: target.rest.join('/') } });
      }
    }

    const source = (node) => check(node.source, node.source?.value);
    return {
      ImportDeclaration: source,
      ExportNamedDeclaration: source,
      ExportAllDeclaration: source,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node.moduleReference.expression, node.moduleReference.expression.value),
      'CallExpression[callee.name="require"][arguments.length=1]': (node) =>
        node.arguments[0].type === 'Literal' && check(node.arguments[0], node.arguments[0].value),
    };
  },
};

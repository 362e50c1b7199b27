import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

// Resolves each relative import against the importing file, because `no-restricted-imports`
// matches the written specifier: `../b/x` is another module's internals from `modules/a/` but a
// sibling folder's file from `modules/a/commands/`, and no pattern can tell the two apart.

/** `modules/<name>` or `integrations/<name>` plus the rest of the path, or the top-level folder of `backend/src/`. */
function place(srcRoot, absolutePath) {
  const path = relative(srcRoot, absolutePath);
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return undefined;
  const [area, ...inside] = path.split(sep);
  return { area, inside: inside.join('/'), unit: UNIT_AREAS.has(area) ? inside[0] : undefined, rest: inside.slice(1) };
}

/** Areas made of units (a module, an integration) that meet others only through their index.ts. */
const UNIT_AREAS = new Set(['modules', 'integrations']);
const PUBLIC_SURFACE = new Set(['index', 'index.ts', 'index.js']);
/** The ground floor: everything above imports it, it imports nothing above. */
const GROUND_FLOOR = new Set(['events', 'server-fn', 'platform']);
const ABOVE_GROUND = new Set(['modules', 'integrations', 'emulators']);
/** Who may not import an emulator: only the composition roots (backend/src/*.ts, the CLI) and the emulators themselves may. */
const NO_EMULATORS = new Set(['modules', 'integrations', ...GROUND_FLOOR]);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Keeps backend/src's shape: modules meet only through index.ts, and an integration is imported only through its index.ts; events, server-fn and platform import nothing above them; only composition roots import an emulator.",
    },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, required: ['srcRoot'], additionalProperties: false }],
    messages: {
      internals: '{{from}} reaches into {{area}}/{{to}}/{{file}}: import what it needs from {{area}}/{{to}} (its index.ts), adding it there if it is missing.',
      groundFloorImportsAbove:
        '{{area}}/ must not import from {{to}}: the ground floor (events, server-fn, platform) is imported by modules, integrations and emulators, never the other way round.',
      emulatorImported: '{{from}} imports emulators/{{file}}: emulators are local stand-ins that only the composition roots (backend/src/*.ts) mount.',
    },
  },
  create(context) {
    const srcRoot = resolve(context.options[0].srcRoot);
    const importer = place(srcRoot, context.filename);
    if (!importer) return {};
    const importerName = importer.unit ? `${importer.area}/${importer.unit}` : importer.area;

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = place(srcRoot, resolve(dirname(context.filename), specifier));
      if (!target) return;
      if (GROUND_FLOOR.has(importer.area) && ABOVE_GROUND.has(target.area)) {
        const to = target.area === 'emulators' || target.unit === undefined ? `${target.area}/` : `${target.area}/${target.unit}`;
        context.report({ node, messageId: 'groundFloorImportsAbove', data: { area: importer.area, to } });
        return;
      }
      if (NO_EMULATORS.has(importer.area) && target.area === 'emulators') {
        context.report({ node, messageId: 'emulatorImported', data: { from: importerName, file: target.inside } });
        return;
      }
      if (!UNIT_AREAS.has(target.area) || target.unit === undefined) return;
      const sameUnit = importer.area === target.area && importer.unit === target.unit;
      const throughIndex = target.rest.length === 0 || (target.rest.length === 1 && PUBLIC_SURFACE.has(target.rest[0]));
      // A module's internals are refused to other modules; an integration's, to everyone outside it.
      const bound = target.area === 'integrations' || importer.area === 'modules';
      if (bound && !sameUnit && !throughIndex) {
        context.report({ node, messageId: 'internals', data: { from: importerName, area: target.area, to: target.unit, file: target.rest.join('/') } });
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

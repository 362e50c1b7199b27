import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseSync, type Plugin } from 'vite';

const VIRTUAL = '\0lucide-react-sprite';

type IconNode = [tag: string, attributes: Record<string, string | number>][];

/**
 * Lucide icons without their paths in the JavaScript. In both builds `lucide-react` becomes a
 * module of the icons the frontend imports, each drawn by `spriteIcon` (a <use> of a symbol);
 * the browser build writes the symbols, once, to `assets/icons-<hash>.svg`, which every page
 * shares from the cache. The markup is Lucide's own but for the paths, and the two builds agree
 * on it (hydration compares them).
 */
export function iconSprite({ sourceDir, runtime }: { sourceDir: string; runtime: string }): Plugin {
  let sprite: { fileName: string; svg: string; icons: Map<string, string> } | undefined;
  let ssr = false;
  return {
    name: 'icon-sprite',
    apply: 'build',
    // Before Vite's resolver, which would find the package (or leave it external, on the server).
    enforce: 'pre',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      sprite = buildSprite(sourceDir);
    },
    resolveId: (id) => (id === 'lucide-react' ? VIRTUAL : null),
    load(id) {
      if (id !== VIRTUAL) return null;
      const { fileName, icons } = sprite!;
      const lines = [`import { spriteIcon } from ${JSON.stringify(runtime)};`, `const sprite = ${JSON.stringify(`/${fileName}`)};`];
      for (const [exported, name] of icons) lines.push(`export const ${exported} = /* @__PURE__ */ spriteIcon(sprite, ${JSON.stringify(name)});`);
      return lines.join('\n');
    },
    generateBundle() {
      if (ssr) return;
      const { fileName, svg } = sprite!;
      this.emitFile({ type: 'asset', fileName, source: svg });
    },
  };
}

/** The icons the frontend imports by name (`import { ArrowRight } from 'lucide-react'`), and their sprite. */
function buildSprite(sourceDir: string) {
  const lucideDir = join(dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')), 'dist/esm');
  // Every export name (ArrowRight, ArrowRightIcon, LucideArrowRight, old names) → its icon's file.
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(join(lucideDir, 'lucide-react.mjs'), 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g))
    for (const name of names!.matchAll(/default as (\w+)/g)) files.set(name[1]!, file!);

  const icons = new Map<string, string>();
  const symbols = new Map<string, string>();
  for (const exported of importedIcons(sourceDir)) {
    const file = files.get(exported);
    if (!file) throw new Error(`icon-sprite: lucide-react has no icon ${exported}`);
    const icon = iconData(join(lucideDir, 'icons', `${file}.mjs`));
    icons.set(exported, icon.name);
    symbols.set(icon.name, symbol(icon.name, icon.node, icon.size ?? 24));
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${[...symbols.values()].join('')}</svg>`;
  const hash = createHash('sha256').update(svg).digest('base64url').slice(0, 8);
  return { fileName: `assets/icons-${hash}.svg`, svg, icons };
}

/** An icon module's `const __iconData = { name, size, node }`, read as the literal it is. */
function iconData(file: string): { name: string; node: IconNode; size?: number } {
  const { program } = parseSync(file, readFileSync(file, 'utf8'), { sourceType: 'module' });
  for (const statement of program.body)
    if (statement.type === 'VariableDeclaration')
      for (const declarator of statement.declarations)
        if (declarator.id.type === 'Identifier' && declarator.id.name === '__iconData' && declarator.init)
          return literal(declarator.init) as ReturnType<typeof iconData>;
  throw new Error(`icon-sprite: no __iconData in ${file}`);
}

function literal(node: unknown): unknown {
  const n = node as {
    type: string;
    value?: unknown;
    elements?: unknown[];
    properties?: { key: { type: string; name?: string; value?: unknown }; value: unknown }[];
  };
  if (n.type === 'Literal') return n.value;
  if (n.type === 'ArrayExpression') return n.elements!.map(literal);
  if (n.type === 'ObjectExpression')
    return Object.fromEntries(
      n.properties!.map((property) => [property.key.type === 'Identifier' ? property.key.name : String(property.key.value), literal(property.value)]),
    );
  throw new Error(`icon-sprite: an icon's data holds a ${n.type}, not a literal`);
}

function symbol(id: string, node: IconNode, size: number): string {
  const escape = (value: string | number) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const children = node.map(([tag, attributes]) => {
    const attrs = Object.entries(attributes)
      .filter(([name]) => name !== 'key')
      .map(([name, value]) => ` ${name}="${escape(value)}"`)
      .join('');
    return `<${tag}${attrs}/>`;
  });
  return `<symbol id="${id}" viewBox="0 0 ${size} ${size}">${children.join('')}</symbol>`;
}

function importedIcons(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.spec\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const code = readFileSync(file, 'utf8');
    if (!code.includes("'lucide-react'")) continue;
    for (const statement of parseSync(file, code, { lang: entry.name.endsWith('x') ? 'tsx' : 'ts', sourceType: 'module' }).program.body) {
      if (statement.type !== 'ImportDeclaration' || statement.source.value !== 'lucide-react' || statement.importKind === 'type') continue;
      for (const specifier of statement.specifiers)
        if (specifier.type === 'ImportSpecifier' && specifier.importKind !== 'type')
          names.add(specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value));
    }
  }
  return names;
}

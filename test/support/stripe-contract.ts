import { dirname, join } from 'node:path';
import ts from 'typescript';

/** One field of a returned object that does not keep the SDK's type. */
export interface ContractProblem {
  path: string;
  problem: string;
}

/** A check's result: every field seen (at any depth) and those that kept their type. */
export interface ContractResult {
  right: number;
  total: number;
  problems: ContractProblem[];
}

const empty = (): ContractResult => ({ right: 0, total: 0, problems: [] });
const add = (into: ContractResult, from: ContractResult) => {
  into.right += from.right;
  into.total += from.total;
  into.problems.push(...from.problems);
};
/** The SDK puts the HTTP response beside a top-level object; it is not one of the object's fields. */
const SDK_ADDED = new Set(['lastResponse']);
/** Literal-typed fields that tell a union's object members apart (`object: 'customer'`, an event's `type`). */
const DISCRIMINANTS = ['object', 'type'];

/**
 * The installed `stripe` package's own types (its .d.ts files, read with the TypeScript compiler),
 * as a checker of what an API answered: every field of the type present unless optional, no field
 * the type does not have, and each value of the field's type (primitive, literal, null or not),
 * recursively, expandable fields as ids or objects.
 */
export class StripeContract {
  private readonly checker: ts.TypeChecker;
  private readonly types = new Map<string, ts.Type>();

  /** `typeNames`: the types to check against, as written after `Stripe.` (`Customer`, `Checkout.Session`, `ApiList<Stripe.Price>`). */
  constructor(typeNames: readonly string[]) {
    // A virtual file at the project's root, so that `stripe` resolves to the installed package.
    const file = join(dirname(dirname(__dirname)), '__stripe_contract__.ts');
    const aliases = typeNames.map((name, index) => `export type T${index} = Stripe.${name};`);
    const source = `import type Stripe from 'stripe';\n${aliases.join('\n')}\n`;
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.readFile = (name) => (name === file ? source : readFile(name));
    host.fileExists = (name) => name === file || ts.sys.fileExists(name);
    host.getSourceFile = (name, language) => (name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language));
    const program = ts.createProgram([file], options, host);
    this.checker = program.getTypeChecker();
    const sourceFile = program.getSourceFile(file)!;
    const declared = sourceFile.statements.filter(ts.isTypeAliasDeclaration);
    typeNames.forEach((name, index) => {
      const type = this.checker.getTypeAtLocation(declared[index]!.name);
      if (type.flags & ts.TypeFlags.Any) throw new Error(`Stripe.${name} is not a type the stripe package declares`);
      this.types.set(name, type);
    });
  }

  check(value: unknown, typeName: string, path = typeName): ContractResult {
    const type = this.types.get(typeName);
    if (!type) throw new Error(`Stripe.${typeName} was not given to the contract`);
    return this.value(value, type, path, true);
  }

  private value(value: unknown, type: ts.Type, path: string, root = false): ContractResult {
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return empty();
    if (type.isUnion()) return this.union(value, type, path, root);
    if (value === null) return type.flags & ts.TypeFlags.Null ? empty() : wrong(path, `null where ${this.name(type)}`);
    if (this.isDecimal(type)) return typeof value === 'string' || typeof value === 'object' ? empty() : wrong(path, `${kind(value)} where a decimal`);
    if (type.flags & ts.TypeFlags.StringLike) return this.literal(value, type, 'string', path);
    if (type.flags & ts.TypeFlags.NumberLike) return this.literal(value, type, 'number', path);
    if (type.flags & ts.TypeFlags.BooleanLike) return this.literal(value, type, 'boolean', path);
    if (type.flags & ts.TypeFlags.Null) return wrong(path, `${kind(value)} where null`);
    if (this.checker.isArrayType(type)) {
      if (!Array.isArray(value)) return wrong(path, `${kind(value)} where an array`);
      const element = this.checker.getTypeArguments(type as ts.TypeReference)[0]!;
      const result = empty();
      value.forEach((item, index) => add(result, this.value(item, element, `${path}[${index}]`)));
      return result;
    }
    if (type.flags & ts.TypeFlags.Object || type.isIntersection()) return this.object(value, type, path, root);
    return wrong(path, `a value of a type the contract cannot read (${this.name(type)})`);
  }

  private literal(value: unknown, type: ts.Type, expected: 'string' | 'number' | 'boolean', path: string): ContractResult {
    if (typeof value !== expected) return wrong(path, `${kind(value)} where a ${expected}`);
    if (type.isLiteral()) return type.value === value ? empty() : wrong(path, `${JSON.stringify(value)} where ${this.name(type)}`);
    if (type.flags & ts.TypeFlags.BooleanLiteral) return this.name(type) === String(value) ? empty() : wrong(path, `${String(value)} where ${this.name(type)}`);
    return empty();
  }

  /** A union: the members of the value's kind (an id or the expanded object, a literal among literals, null). */
  private union(value: unknown, type: ts.UnionType, path: string, root: boolean): ContractResult {
    if (value === null) return type.types.some((member) => member.flags & ts.TypeFlags.Null) ? empty() : wrong(path, `null where ${this.name(type)}`);
    let members = type.types.filter((member) => fits(value, member, this.checker) || this.isDecimal(member));
    if (members.length === 0) return wrong(path, `${kind(value)} where ${this.name(type)}`);
    if (typeof value !== 'object') {
      const scalar = members.find((member) => !this.literal(value, member, kind(value) as 'string', path).problems.length);
      return scalar ? empty() : wrong(path, `${JSON.stringify(value)} where ${this.name(type)}`);
    }
    if (!Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const named = members.filter((member) =>
        DISCRIMINANTS.every((key) => {
          const property = member.getProperty(key);
          if (!property || !(key in record)) return true;
          const declared = this.checker.getTypeOfSymbol(property);
          const literals = declared.isUnion() ? declared.types : [declared];
          return !literals.every((literal) => literal.isLiteral()) || literals.some((literal) => (literal as ts.LiteralType).value === record[key]);
        }),
      );
      if (named.length > 0) members = named;
    }
    const tries = members.map((member) => this.value(value, member, path, root));
    return tries.reduce((best, next) => (next.problems.length < best.problems.length ? next : best));
  }

  private object(value: unknown, type: ts.Type, path: string, root: boolean): ContractResult {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrong(path, `${kind(value)} where ${this.name(type)}`);
    const record = value as Record<string, unknown>;
    const result = empty();
    const properties = this.checker.getPropertiesOfType(type);
    const known = new Set(properties.map((property) => property.getName()));
    for (const property of properties) {
      const name = property.getName();
      const fieldPath = `${path}.${name}`;
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      if (!(name in record)) {
        if (optional) continue;
        result.total += 1;
        result.problems.push({ path: fieldPath, problem: 'missing' });
        continue;
      }
      const field = this.value(record[name], this.checker.getTypeOfSymbol(property), fieldPath);
      result.total += 1;
      if (!field.problems.some((problem) => problem.path === fieldPath)) result.right += 1;
      add(result, field);
    }
    const index = this.checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
    for (const name of Object.keys(record)) {
      if (known.has(name) || (root && SDK_ADDED.has(name))) continue;
      const fieldPath = `${path}.${name}`;
      result.total += 1;
      if (!index) {
        result.problems.push({ path: fieldPath, problem: 'not a field of the type' });
        continue;
      }
      const field = this.value(record[name], index.type, fieldPath);
      if (!field.problems.some((problem) => problem.path === fieldPath)) result.right += 1;
      add(result, field);
    }
    return result;
  }

  private isDecimal(type: ts.Type): boolean {
    return type.aliasSymbol?.getName() === 'Decimal' || type.getSymbol()?.getName() === 'DecimalImpl';
  }

  private name(type: ts.Type): string {
    return this.checker.typeToString(type).slice(0, 120);
  }
}

function wrong(path: string, problem: string): ContractResult {
  return { right: 0, total: 0, problems: [{ path, problem }] };
}

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Whether a union member could hold a value of this JavaScript kind (its exact value is checked after). */
function fits(value: unknown, member: ts.Type, checker: ts.TypeChecker): boolean {
  if (member.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
  switch (kind(value)) {
    case 'string':
      return (member.flags & ts.TypeFlags.StringLike) !== 0;
    case 'number':
      return (member.flags & ts.TypeFlags.NumberLike) !== 0;
    case 'boolean':
      return (member.flags & ts.TypeFlags.BooleanLike) !== 0;
    case 'array':
      return checker.isArrayType(member);
    case 'object':
      return !checker.isArrayType(member) && ((member.flags & ts.TypeFlags.Object) !== 0 || member.isIntersection());
    default:
      return false;
  }
}

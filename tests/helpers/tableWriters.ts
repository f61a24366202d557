/**
 * Who writes each state table, found with the TypeScript compiler's parser (not by matching text): drizzle
 * builder calls (`db.insert(t)`, `tx.update(t).set(...)`, `db.delete(t)`, whatever name or namespace the table
 * is imported under) and `sql` templates that write a table (interpolated, `insert into ${t}`, or named in the
 * text). An update's columns are the keys of its `set` argument and an insert's those of its `values` (the others
 * keep their defaults), followed through a `?:`, a spread and a `const` of the file; anything else (a parameter,
 * a built object, an array of rows, an insert in SQL text) counts as every column, so it cannot slip by. The
 * writes are held against the writers table (src/server/db/writers.ts), and the schema's foreign keys are held to
 * it too: a `cascade` into an owned table from a table with another owner is a write nobody called.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { TableWriter } from '../../src/server/db/writers.ts';

/** One write found in the product. */
export interface TableWrite {
  /** `file:line`. */
  at: string;
  file: string;
  table: string;
  op: 'insert' | 'update' | 'delete';
  /** SQL column names an update sets (every column for an insert; none for a delete). */
  columns: readonly string[] | 'all';
}

/** A drizzle table of the schema: its SQL name and its columns (property -> SQL name). */
interface TableInfo {
  name: string;
  columns: Map<string, string>;
}

const SCHEMA_DIR = 'src/server/db/schema';

/** Product source files the check reads (`.ts`/`.tsx` under src/, tests and the demo excluded). */
function productFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) {
        if (path !== 'src/dev') walk(path);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
    }
  };
  walk('src');
  return out;
}

/** The string of a call's first argument, when it is a string literal. */
const firstString = (call: ts.CallExpression) => {
  const arg = call.arguments[0];
  return arg && ts.isStringLiteralLike(arg) ? arg.text : undefined;
};

/** The column SQL name of a column builder (`text('status', ...)`, `ref('user_id').notNull()...`). */
function columnName(expression: ts.Expression): string | undefined {
  let node: ts.Expression = expression;
  while (ts.isCallExpression(node)) {
    const inner = node.expression;
    if (ts.isPropertyAccessExpression(inner)) node = inner.expression;
    else return firstString(node);
  }
  return undefined;
}

/** The tables the schema declares: variable name -> table. */
function readTables(root: string): Map<string, TableInfo> {
  const tables = new Map<string, TableInfo>();
  const dir = join(root, SCHEMA_DIR);
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))) {
    const source = ts.createSourceFile(name, readFileSync(join(dir, name), 'utf8'), ts.ScriptTarget.Latest, true);
    source.forEachChild(function visit(node): void {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const call = node.initializer;
        if (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'pgTable') {
          const table = firstString(call);
          const shape = call.arguments[1];
          const columns = new Map<string, string>();
          if (shape && ts.isObjectLiteralExpression(shape)) {
            for (const property of shape.properties) {
              if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
              columns.set(property.name.text, columnName(property.initializer) ?? property.name.text);
            }
          }
          if (table) tables.set(node.name.text, { name: table, columns });
        }
      }
      node.forEachChild(visit);
    });
  }
  return tables;
}

/** Whether an import specifier (from `file`) names the schema (`~/server/db/schema`, `.../schema/finance`, ...). */
function isSchemaModule(file: string, specifier: string): boolean {
  const path = specifier.startsWith('~/')
    ? `src/${specifier.slice(2)}`
    : specifier.startsWith('.')
      ? join(file, '..', specifier).split('\\').join('/')
      : '';
  return path.replace(/\.ts$/, '').startsWith(SCHEMA_DIR);
}

/** A file's names for schema tables: local name -> table, and the names of namespace imports of the schema. */
function schemaNames(file: string, source: ts.SourceFile, tables: Map<string, TableInfo>) {
  const named = new Map<string, TableInfo>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!isSchemaModule(file, statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const table = tables.get((element.propertyName ?? element.name).text);
        if (table) named.set(element.name.text, table);
      }
    }
  }
  return { named, namespaces };
}

/**
 * The object literals an expression may be (both sides of a `?:`, a `const` of the file, what a function of the file
 * returns when each of its returns is one), or undefined.
 */
function objectLiterals(source: ts.SourceFile, node: ts.Expression): ts.ObjectLiteralExpression[] | undefined {
  if (ts.isParenthesizedExpression(node)) return objectLiterals(source, node.expression);
  if (ts.isObjectLiteralExpression(node)) return [node];
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    const name = node.expression.text;
    const declared = source.statements.find(
      (statement): statement is ts.FunctionDeclaration =>
        ts.isFunctionDeclaration(statement) && statement.name?.text === name && !statement.type,
    );
    if (!declared?.body) return undefined;
    const returned: ts.ObjectLiteralExpression[] = [];
    let unknown = false;
    declared.body.forEachChild(function visit(child): void {
      if (ts.isFunctionLike(child)) return;
      if (ts.isReturnStatement(child)) {
        const literals = child.expression ? objectLiterals(source, child.expression) : undefined;
        if (literals) returned.push(...literals);
        else unknown = true;
      }
      child.forEachChild(visit);
    });
    return unknown || returned.length === 0 ? undefined : returned;
  }
  if (ts.isConditionalExpression(node)) {
    const a = objectLiterals(source, node.whenTrue);
    const b = objectLiterals(source, node.whenFalse);
    return a && b ? [...a, ...b] : undefined;
  }
  if (ts.isIdentifier(node)) {
    let found: ts.ObjectLiteralExpression[] | undefined;
    source.forEachChild(function visit(child): void {
      if (
        ts.isVariableDeclaration(child) &&
        ts.isIdentifier(child.name) &&
        child.name.text === node.text &&
        child.initializer &&
        !child.type
      ) {
        found = objectLiterals(source, child.initializer);
      }
      child.forEachChild(visit);
    });
    return found;
  }
  return undefined;
}

/**
 * The SQL columns an update's `.set(x)` or an insert's `.values(x)` writes: the keys of its object literals (an
 * insert leaves every other column at its default), or all when it cannot tell (a parameter, a built object, rows
 * in an array).
 */
function writtenColumns(
  source: ts.SourceFile,
  table: TableInfo,
  write: ts.CallExpression,
  method: 'set' | 'values',
): readonly string[] | 'all' {
  const access = write.parent;
  if (!ts.isPropertyAccessExpression(access) || access.name.text !== method) return 'all';
  const call = access.parent;
  const arg = ts.isCallExpression(call) ? call.arguments[0] : undefined;
  const literals = arg ? objectLiterals(source, arg) : undefined;
  if (!literals) return 'all';
  const names: string[] = [];
  for (const literal of literals) {
    for (const property of literal.properties) {
      if (ts.isSpreadAssignment(property)) {
        const inner = objectLiterals(source, property.expression);
        if (!inner) return 'all';
        for (const one of inner)
          for (const p of one.properties) if (p.name && ts.isIdentifier(p.name)) names.push(p.name.text);
      } else if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
        names.push(property.name.text);
      } else return 'all';
    }
  }
  return names.map((name) => table.columns.get(name) ?? name);
}

const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The SQL columns an update's text sets (`set a = ..., b = ...`), or all when unclear. */
function sqlSetColumns(text: string): readonly string[] | 'all' {
  const set = /\bset\b([\s\S]*?)(\bwhere\b|\bfrom\b|\breturning\b|$)/i.exec(text)?.[1];
  if (!set) return 'all';
  return [...set.matchAll(/"?([a-z_][a-z0-9_]*)"?\s*=/gi)].map((match) => (match[1] as string).toLowerCase());
}

/** Every write of a schema table in the product (see the module comment). */
export function findTableWrites(root: string): TableWrite[] {
  const tables = readTables(root);
  const byName = new Map([...tables.values()].map((table) => [table.name, table]));
  const writes: TableWrite[] = [];
  for (const file of productFiles(root)) {
    if (file.startsWith(SCHEMA_DIR)) continue;
    const text = readFileSync(join(root, file), 'utf8');
    if (!/\b(insert|update|delete)\b/i.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const { named, namespaces } = schemaNames(file, source, tables);
    const tableOf = (node: ts.Expression): TableInfo | undefined => {
      if (ts.isIdentifier(node)) return named.get(node.text);
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
        return namespaces.has(node.expression.text) ? tables.get(node.name.text) : undefined;
      }
      return undefined;
    };
    const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const add = (node: ts.Node, table: TableInfo, op: TableWrite['op'], columns: TableWrite['columns']) =>
      writes.push({ at: at(node), file, table: table.name, op, columns });
    source.forEachChild(function visit(node): void {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const arg = node.arguments[0];
        if ((method === 'insert' || method === 'update' || method === 'delete') && arg && node.arguments.length === 1) {
          const table = tableOf(arg);
          if (table) {
            if (method === 'update') add(node, table, 'update', writtenColumns(source, table, node, 'set'));
            else add(node, table, method, method === 'insert' ? writtenColumns(source, table, node, 'values') : []);
          }
        }
      }
      if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
        // The text with each interpolated table written as its name, anything else as a placeholder.
        const template = node.template;
        const parts = ts.isNoSubstitutionTemplateLiteral(template)
          ? [template.text]
          : [
              template.head.text,
              ...template.templateSpans.flatMap((span) => [tableOf(span.expression)?.name ?? '$', span.literal.text]),
            ];
        const sqlText = parts.join(' ');
        for (const match of sqlText.matchAll(SQL_WRITE)) {
          const table = byName.get((match[2] as string).toLowerCase());
          if (!table) continue;
          const verb = (match[1] as string).toLowerCase();
          const op = verb.startsWith('insert') ? 'insert' : verb === 'update' ? 'update' : 'delete';
          add(
            node,
            table,
            op,
            op === 'update' ? sqlSetColumns(sqlText.slice(match.index)) : op === 'insert' ? 'all' : [],
          );
        }
      }
      node.forEachChild(visit);
    });
  }
  return writes;
}

/** Whether `file` is `owner` or lies in the folder `owner` (ending in `/`). */
const owns = (owner: string, file: string) => (owner.endsWith('/') ? file.startsWith(owner) : file === owner);

/** Writes that break the writers table, as `file:line table op`. */
export function writerViolations(writes: readonly TableWrite[], writers: readonly TableWriter[]): string[] {
  const found: string[] = [];
  for (const write of writes) {
    for (const writer of writers) {
      if (writer.table !== write.table) continue;
      const touches =
        writer.writes === 'all' ||
        (writer.writes === 'rows' && write.op !== 'update') ||
        (Array.isArray(writer.writes) &&
          write.op !== 'delete' &&
          (write.columns === 'all' ||
            writer.writes.some((column) => (write.columns as readonly string[]).includes(column))));
      if (touches && !owns(writer.owner, write.file)) {
        found.push(`${write.at} ${write.op} ${write.table} (owner: ${writer.owner})`);
      }
    }
  }
  return [...new Set(found)].sort();
}

/**
 * Foreign keys that cascade into an owned table from a table of another owner (or of none), read from the schema
 * sources: `table.column -> parent`.
 */
export function cascadeViolations(root: string, writers: readonly TableWriter[]): string[] {
  const ownerOf = (table: string) => writers.find((writer) => writer.table === table)?.owner;
  const found: string[] = [];
  const dir = join(root, SCHEMA_DIR);
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))) {
    const source = ts.createSourceFile(name, readFileSync(join(dir, name), 'utf8'), ts.ScriptTarget.Latest, true);
    const variables = new Map<string, string>();
    source.forEachChild(function collect(node): void {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const call = node.initializer;
        if (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'pgTable') {
          const table = firstString(call);
          if (table) variables.set(node.name.text, table);
        }
      }
      node.forEachChild(collect);
    });
    source.forEachChild(function visit(node): void {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        if (node.expression.name.text === 'references' && node.arguments.length === 2) {
          const [target, actions] = node.arguments;
          const cascades =
            actions &&
            ts.isObjectLiteralExpression(actions) &&
            actions.properties.some(
              (property) =>
                ts.isPropertyAssignment(property) &&
                ts.isIdentifier(property.name) &&
                property.name.text === 'onDelete' &&
                ts.isStringLiteralLike(property.initializer) &&
                property.initializer.text === 'cascade',
            );
          const table = enclosingTable(node, variables);
          const parentVariable = target?.getText().match(/=>\s*(\w+)\./)?.[1];
          const parent = parentVariable ? (variables.get(parentVariable) ?? parentVariable) : undefined;
          const owner = table ? ownerOf(table) : undefined;
          if (cascades && table && owner && parent && ownerOf(parent) !== owner) {
            found.push(`${table} -> ${parent} (owner ${owner})`);
          }
        }
      }
      node.forEachChild(visit);
    });
  }
  return found.sort();
}

/** The SQL name of the table whose `pgTable(...)` call holds `node`. */
function enclosingTable(node: ts.Node, variables: Map<string, string>): string | undefined {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name)) return variables.get(at.name.text);
  }
  return undefined;
}

import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './source-files';

/**
 * Rule "typed SQL" (docs/api-conventions.md: Typed SQL): every raw statement whose result is used names the row type it
 * returns (`query<Pick<ProductRow, 'id'>[]>(…)`, the row types generated from the schema in database/rows.generated.ts),
 * so the compiler checks what the code reads from it. A `.query(…)` call whose result is used and that has no type
 * argument returns `any` and is counted here. Statements whose result is dropped (an UPDATE run for its effect) are not.
 */
const ROOT = __dirname;

/** Untyped results allowed: none. */
const REMAINING_UNTYPED = 0;

/** The `x.query(…)` calls in one file with no type argument whose value is used: what this rule counts. */
function untypedQueries(sf: ts.SourceFile): ts.CallExpression[] {
  const found: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'query' &&
      !node.typeArguments &&
      !structured(node) &&
      used(node)
    )
      found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Each untyped, used `x.query(…)` result under `root`, as "file:line". */
function untypedQueryResults(root: string): string[] {
  return sourceFiles(root).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('.query(')) return [];
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    return untypedQueries(sf).map((call) => `${relative(root, file)}:${sf.getLineAndCharacterOfPosition(call.getStart()).line + 1}`);
  });
}

/** QueryRunner's `query(sql, params, true)` overload: TypeORM types its answer (`QueryResult`), rows and affected count. */
function structured(call: ts.CallExpression): boolean {
  return call.arguments[2]?.kind === ts.SyntaxKind.TrueKeyword;
}

/** Whether the call's value is read: not a statement of its own (awaited or not) and not `void`ed. */
function used(call: ts.Node): boolean {
  let n = call.parent;
  while (ts.isAwaitExpression(n) || ts.isParenthesizedExpression(n)) n = n.parent;
  return !ts.isExpressionStatement(n) && !ts.isVoidExpression(n);
}

describe('typed SQL', () => {
  it('finds untyped results (sanity: a used, untyped call is counted; typed and dropped ones are not)', () => {
    const sf = (code: string) => untypedQueries(ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true)).length;
    expect(sf('async function f(db) { const rows = await db.query("SELECT 1"); }')).toBe(1);
    expect(sf('async function f(db) { return db.query("SELECT 1").then((r) => r); }')).toBe(1);
    expect(sf('async function f(db) { return db.find({ id: 1 }); }')).toBe(0);
    expect(sf('async function f(db) { await db.query("UPDATE t SET a = 1"); void db.query("x"); }')).toBe(0);
    expect(
      sf('async function f(qr) { const r = await qr.query("SELECT 1", [], true); const s = await qr.query<{ n: number }[]>("x"); }'),
    ).toBe(0);
  });

  it(`has no untyped query result`, () => {
    const untyped = untypedQueryResults(ROOT);
    if (untyped.length > REMAINING_UNTYPED) throw new Error(`${untyped.length} untyped query results:\n${untyped.join('\n')}`);
    expect(untyped.length).toBeLessThanOrEqual(REMAINING_UNTYPED);
  });
});

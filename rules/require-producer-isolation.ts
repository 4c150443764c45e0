import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import {
  catchVerdicts,
  computedRightBefore,
  hasComputationRightBefore,
  computesValue,
  isProducerWrite,
  producerInputDeclarations,
  type CatchVerdict,
} from '../src/analysis/facts/isolation';
import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import type { MetaWrite } from '../src/analysis/types';
import { createRule } from '../src/util/create-rule';
import { hoistDeclarationFix, moveIntoTryFix, wrapChangesLaterCode, wrapStatementFix } from '../src/fixes/wrap-in-try';

export type Options = [{ requireForAll?: boolean; autofix?: boolean }];
export type MessageIds =
  | 'unguardedProducer'
  | 'unguardedComputation'
  | 'computedOutsideTry'
  | 'catchDoesNotContinue'
  | 'sharedTry'
  | 'wrapInTry'
  | 'moveIntoTry'
  | 'hoistAndWrap';

const CATCH_PROBLEMS: Record<Exclude<CatchVerdict, 'continues'>, string> = {
  'no-catch': 'that has no catch, so the error escapes',
  throws: 'whose catch throws, so the tool call errors',
  returns: 'whose catch returns, so the keys after it are dropped',
  'drops-meta': "whose catch deletes or replaces `_meta`, dropping other producers' keys",
};

function describeProducer(write: MetaWrite, sourceCode: TSESLint.SourceCode): string {
  if (write.kind === 'hook-call') return 'This hook call';
  const key = write.keys.find((k) => k.name !== null)?.name;
  const callee = write.kind === 'emit' ? ` (${sourceCode.getText((write.node as TSESTree.CallExpression).callee)})` : '';
  return key ? `The producer of '${key}'${callee}` : `This producer${callee}`;
}

/** Wrappers that leave a statement "the producer alone": `await p`, `p!`, `ctx.emit?.(…)`, `void p`, `(p as T)`. */
function unwrapStatementExpression(expression: TSESTree.Node): TSESTree.Node {
  switch (expression.type) {
    case 'AwaitExpression':
      return unwrapStatementExpression(expression.argument);
    case 'ChainExpression':
    case 'TSNonNullExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return unwrapStatementExpression(expression.expression);
    case 'UnaryExpression':
      return expression.operator === 'void' ? unwrapStatementExpression(expression.argument) : expression;
    default:
      return expression;
  }
}

/**
 * True when the statement is the producer and nothing else. A wrap then only catches the producer's own errors;
 * around `await db.commit(), emit(…)` or `Promise.all([save(row), emit(…)])` it would also swallow errors of code
 * that is not a producer, so that wrap is only offered as a suggestion.
 */
function isProducerAlone(statement: TSESTree.ExpressionStatement, write: MetaWrite): boolean {
  return unwrapStatementExpression(statement.expression) === write.node;
}

/** Adjacent unguarded statements of one producer: the writes, and the statements holding them (in order). */
interface ProducerUnit {
  readonly writes: MetaWrite[];
  readonly statements: TSESTree.Statement[];
  /** The declarations right before it that compute its value for it alone (`const limit = limiter.check(id);`). */
  readonly before: readonly TSESTree.VariableDeclaration[];
}

const keyNames = (write: MetaWrite): (string | null)[] => write.keys.map((key) => key.name).filter((name) => name !== null);

/**
 * True when `write` is a step of the producer that made `previous`: it writes the same object's `_meta`, and one of the
 * keys written before (`r._meta = { ...r._meta, k: … }` then `r._meta.k = await more()`). Two writes of one key by one
 * producer are one producer (rule 3 isolates producers from each other, not a producer from itself).
 */
function sameProducer(previous: MetaWrite, write: MetaWrite): boolean {
  if (previous.targetText === null || previous.targetText !== write.targetText) return false;
  const before = keyNames(previous);
  return keyNames(write).some((name) => before.includes(name));
}

/**
 * True when `write` is the next step of the unit's producer (`sameProducer`) and its statement is an expression
 * statement right after the unit's last one in the same block.
 */
function continuesUnit(unit: ProducerUnit, write: MetaWrite, sourceCode: TSESLint.SourceCode): boolean {
  const previous = unit.writes[unit.writes.length - 1];
  const last = unit.statements[unit.statements.length - 1];
  const statement = write.statement;
  if (!last || last.type !== 'ExpressionStatement' || statement?.type !== 'ExpressionStatement') return false;
  if (!sameProducer(previous, write)) return false;
  // Adjacent in one block: the statement starts at the token right after the last one (a token look-up, not a scan).
  return statement.parent === last.parent && sourceCode.getTokenAfter(last)?.range[0] === statement.range[0];
}

/** The object whose `_meta` itself the unit sets (`x._meta = …`, `Object.assign(x, { _meta })`), as compared text. */
function metaSetOn(unit: ProducerUnit): string | null {
  const setter = unit.writes.find((write) => write.kind === 'meta-assign' || write.kind === 'object-assign-meta');
  return setter?.targetText ?? null;
}

export default createRule<Options, MessageIds>({
  name: 'require-producer-isolation',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require every `_meta` producer to attach inside its own try/catch so a failure only drops its key',
      recommended: true,
    },
    fixable: 'code',
    hasSuggestions: true,
    defaultOptions: [{ requireForAll: false, autofix: true }],
    schema: [
      {
        type: 'object',
        properties: {
          requireForAll: {
            type: 'boolean',
            description: 'Also require a try for producers whose value is a plain identifier or literal (cannot throw).',
          },
          autofix: {
            type: 'boolean',
            description: 'Offer the try/catch wrap as an autofix (default) or, when false, as a suggestion only.',
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      unguardedProducer:
        '{{producer}} is not inside its own try/catch. A failing producer must degrade to its key being absent, never drop other keys or error the tool call (MCP _meta rule 3). Wrap it in `try { … } catch { … }`; when it is a property of a literal (`return { …, _meta: { key: value } }`), compute the value first in its own try (`let v; try { v = …; } catch { /* key absent */ }`) and write the key only when there is one (`_meta: { …, ...(v !== undefined && { key: v }) }`).',
      unguardedComputation:
        '{{producer}} is not inside its own try/catch, and neither is the declaration of {{names}} on line {{line}} that computes its value. A failing producer must degrade to its key being absent, never drop other keys or error the tool call (MCP _meta rule 3). Wrap both in one `try { … } catch { … }`.',
      computedOutsideTry:
        '{{producer}} is inside a try, but its value is computed before it, by the declaration of {{names}} on line {{line}}: if that throws, the tool call errors (MCP _meta rule 3). Move the computation into the try.',
      catchDoesNotContinue:
        '{{producer}} is inside a try {{problem}}. The catch must let the call go on with this key absent (MCP _meta rule 3).',
      sharedTry:
        '{{producer}} shares a try with the producer on line {{line}}: if that one throws, this key is lost too. Give each producer its own try/catch (MCP _meta rule 3).',
      wrapInTry: 'Wrap this producer in its own try/catch.',
      moveIntoTry: "Move the declaration of {{names}} into the producer's try.",
      hoistAndWrap: "Declare '{{name}}' with `let` before a try/catch that assigns it, so later code still sees it.",
    },
  },
  skipsFile: writesNoMeta,
  create(context, [{ requireForAll = false, autofix = true }]) {
    const sourceCode = context.sourceCode;

    /** `'limit'` (or `'raw', 'limit'`) and the line of the first: the earlier statements that compute, by name. */
    function describeInputs(declarations: readonly TSESTree.VariableDeclaration[]): { names: string; line: string } {
      const computing = declarations.filter(computesValue);
      const names = computing.flatMap((declaration) =>
        declaration.declarations.flatMap((declarator) =>
          sourceCode.getDeclaredVariables(declarator).map((variable) => `'${variable.name}'`),
        ),
      );
      return { names: names.join(', '), line: String(computing[0].loc.start.line) };
    }

    function reportUnguarded(unit: ProducerUnit, producer: string): void {
      const [write] = unit.writes;
      const statement = write.statement;
      const message =
        unit.before.length > 0
          ? ({ messageId: 'unguardedComputation', data: { producer, ...describeInputs(unit.before) } } as const)
          : ({ messageId: 'unguardedProducer', data: { producer } } as const);
      if (statement?.type === 'ExpressionStatement') {
        // One try from the first declaration that computes through the unit: their names are read by nothing else.
        const span = [...unit.before, ...unit.statements];
        const fix = wrapStatementFix(sourceCode, span);
        const asFix =
          autofix &&
          unit.statements.every((member, index) => member.type === 'ExpressionStatement' && isProducerAlone(member, unit.writes[index])) &&
          wrapChangesLaterCode(sourceCode, span, metaSetOn(unit)) === null;
        context.report({
          node: write.node,
          ...message,
          fix: asFix ? fix : null,
          suggest: !asFix && fix ? [{ messageId: 'wrapInTry', fix }] : [],
        });
        return;
      }
      // A declaration would take its names out of scope if wrapped as is: only a suggestion, which keeps them.
      const fix = statement?.type === 'VariableDeclaration' && unit.before.length === 0 ? hoistDeclarationFix(sourceCode, statement) : null;
      const name =
        statement?.type === 'VariableDeclaration' && statement.declarations[0].id.type === 'Identifier'
          ? statement.declarations[0].id.name
          : '';
      context.report({
        node: write.node,
        ...message,
        suggest: fix ? [{ messageId: 'hoistAndWrap', data: { name }, fix }] : [],
      });
    }

    /** A producer in its own try whose value the declarations right before that try compute: the fix moves them in. */
    function reportComputedOutside(write: MetaWrite, producer: string, before: readonly TSESTree.VariableDeclaration[]): void {
      const { names, line } = describeInputs(before);
      const fix = moveIntoTryFix(sourceCode, before, write.tryStatement!);
      context.report({
        node: write.node,
        messageId: 'computedOutsideTry',
        data: { producer, names, line },
        fix: autofix ? fix : null,
        suggest: !autofix && fix ? [{ messageId: 'moveIntoTry', data: { names }, fix }] : [],
      });
    }

    return defineMetaRuleVisitor(context, 'result', ({ writes, role }) => {
      // A test's writes are fixtures and fakes, not producers on the dispatch path (rule 3): a failing one should fail
      // its test, which a try would hide. So whatever the options, a test file is not this rule's.
      if (role.test) return;
      const producersInTry = new Map<TSESTree.TryStatement, MetaWrite[]>();
      const catchVerdict = catchVerdicts(writes);
      // The writes of each statement and the statements of hook calls: asked only for a producer whose value an earlier
      // declaration computes, so built at the first such producer.
      let writesOfStatement: Map<TSESTree.Statement | null, MetaWrite[]> | null = null;
      const writesOf = (statement: TSESTree.Statement | null): MetaWrite[] | undefined => {
        if (writesOfStatement === null) {
          writesOfStatement = new Map();
          for (const write of writes) {
            const group = writesOfStatement.get(write.statement);
            if (group) group.push(write);
            else writesOfStatement.set(write.statement, [write]);
          }
        }
        return writesOfStatement.get(statement);
      };
      let hookStatementSet: Set<TSESTree.Statement | null> | null = null;
      const hookStatements = (): Set<TSESTree.Statement | null> =>
        (hookStatementSet ??= new Set(writes.filter((write) => write.kind === 'hook-call').map((write) => write.statement)));
      const unguarded: { unit: ProducerUnit; producer: string }[] = [];
      let enclosingProducer: MetaWrite | null = null;
      for (const write of writes) {
        // Writes that could be producers; they are when their value computes here, or in an earlier declaration.
        if (!isProducerWrite(write, true)) continue;
        const consumer = write.tryStatement ?? write.statement;
        const inputs =
          write.kind === 'hook-call' || !consumer || !hasComputationRightBefore(consumer)
            ? []
            : producerInputDeclarations(write, sourceCode, writesOf(write.statement) ?? []);
        const before = inputs.length > 0 ? computedRightBefore(consumer!, new Set(inputs)) : [];
        // `const fragment = await opts.metaHook(r); Object.assign(out._meta, fragment)`: the hook call is the producer.
        if (before.length > 0 && before.some((declaration) => hookStatements().has(declaration))) before.length = 0;
        if (before.length === 0 && !isProducerWrite(write, requireForAll)) continue;
        // `Object.assign(out._meta, await opts.metaHook(x))` is one producer, not two sharing a try.
        const nested = enclosingProducer !== null && write.node.range[1] <= enclosingProducer.node.range[1];
        if (nested && write.functionNode === enclosingProducer?.functionNode) continue;
        enclosingProducer = write;
        const producer = describeProducer(write, sourceCode);
        const guard = write.tryStatement;
        if (!guard) {
          // `r._meta = { k: … }; r._meta.k = await more();`: one producer writing its key in steps is one unit, one
          // report and one try (a try per step would leave the second depending on an assignment inside the first).
          const last = unguarded[unguarded.length - 1]?.unit;
          if (last && continuesUnit(last, write, sourceCode)) {
            last.writes.push(write);
            last.statements.push(write.statement as TSESTree.ExpressionStatement);
          } else {
            unguarded.push({
              unit: {
                writes: [write],
                statements: write.statement ? [write.statement] : [],
                before,
              },
              producer,
            });
          }
          continue;
        }
        // A later step of a producer already in this try (what the wrap of a unit above writes) shares it with
        // itself only: its first step's report says all there is.
        let inTry = producersInTry.get(guard);
        if (inTry?.some((earlier) => sameProducer(earlier, write))) {
          inTry.push(write);
          continue;
        }
        const first = inTry?.[0];
        if (inTry) inTry.push(write);
        else producersInTry.set(guard, (inTry = [write]));
        // Every verdict at once, each its own report: when one is mended (another rule's fix may mend the catch), what
        // is left was reported already, so no fix ever reveals a finding that was not there.
        const verdict = catchVerdict(guard);
        if (verdict !== 'continues')
          context.report({ node: write.node, messageId: 'catchDoesNotContinue', data: { producer, problem: CATCH_PROBLEMS[verdict] } });
        if (first)
          context.report({ node: write.node, messageId: 'sharedTry', data: { producer, line: String(first.node.loc.start.line) } });
        if (before.length > 0) reportComputedOutside(write, producer, before);
      }
      for (const { unit, producer } of unguarded) reportUnguarded(unit, producer);
    });
  },
});

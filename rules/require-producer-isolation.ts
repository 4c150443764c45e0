import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { catchVerdicts, isProducerWrite, type CatchVerdict } from '../src/analysis/isolation';
import { defineMetaRuleVisitor } from '../src/analysis/meta-context';
import type { MetaWrite } from '../src/analysis/types';
import { createRule } from '../src/util/create-rule';
import { hoistDeclarationFix, wrapChangesLaterCode, wrapStatementFix } from '../src/util/wrap-in-try';

export type Options = [{ requireForAll?: boolean; autofix?: boolean }];
export type MessageIds = 'unguardedProducer' | 'catchDoesNotContinue' | 'sharedTry' | 'wrapInTry' | 'hoistAndWrap';

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
}

const keyNames = (write: MetaWrite): (string | null)[] => write.keys.map((key) => key.name).filter((name) => name !== null);

/**
 * True when `write` is the next step of the unit's producer: its statement is an expression statement right after the
 * unit's last one in the same block, it writes the same object's `_meta`, and one of the keys written before.
 */
function continuesUnit(unit: ProducerUnit, write: MetaWrite, sourceCode: TSESLint.SourceCode): boolean {
  const previous = unit.writes[unit.writes.length - 1];
  const last = unit.statements[unit.statements.length - 1];
  const statement = write.statement;
  if (!last || last.type !== 'ExpressionStatement' || statement?.type !== 'ExpressionStatement') return false;
  if (previous.targetText === null || previous.targetText !== write.targetText) return false;
  const before = keyNames(previous);
  if (!keyNames(write).some((name) => before.includes(name))) return false;
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
        '{{producer}} is not inside its own try/catch. A failing producer must degrade to its key being absent, never drop other keys or error the tool call (MCP _meta rule 3). Wrap it in `try { … } catch { … }`.',
      catchDoesNotContinue:
        '{{producer}} is inside a try {{problem}}. The catch must let the call go on with this key absent (MCP _meta rule 3).',
      sharedTry:
        '{{producer}} shares a try with the producer on line {{line}}: if that one throws, this key is lost too. Give each producer its own try/catch (MCP _meta rule 3).',
      wrapInTry: 'Wrap this producer in its own try/catch.',
      hoistAndWrap: "Declare '{{name}}' with `let` before a try/catch that assigns it, so later code still sees it.",
    },
  },
  create(context, [{ requireForAll = false, autofix = true }]) {
    const sourceCode = context.sourceCode;

    function reportUnguarded(unit: ProducerUnit, producer: string): void {
      const [write] = unit.writes;
      const statement = write.statement;
      if (statement?.type === 'ExpressionStatement') {
        const fix = wrapStatementFix(sourceCode, unit.statements);
        const asFix =
          autofix &&
          unit.statements.every((member, index) => member.type === 'ExpressionStatement' && isProducerAlone(member, unit.writes[index])) &&
          wrapChangesLaterCode(sourceCode, unit.statements, metaSetOn(unit)) === null;
        context.report({
          node: write.node,
          messageId: 'unguardedProducer',
          data: { producer },
          fix: asFix ? fix : null,
          suggest: !asFix && fix ? [{ messageId: 'wrapInTry', fix }] : [],
        });
        return;
      }
      // A declaration would take its names out of scope if wrapped as is: only a suggestion, which keeps them.
      const fix = statement?.type === 'VariableDeclaration' ? hoistDeclarationFix(sourceCode, statement) : null;
      const name =
        statement?.type === 'VariableDeclaration' && statement.declarations[0].id.type === 'Identifier'
          ? statement.declarations[0].id.name
          : '';
      context.report({
        node: write.node,
        messageId: 'unguardedProducer',
        data: { producer },
        suggest: fix ? [{ messageId: 'hoistAndWrap', data: { name }, fix }] : [],
      });
    }

    return defineMetaRuleVisitor(context, ({ writes }) => {
      const firstProducerInTry = new Map<TSESTree.TryStatement, MetaWrite>();
      const catchVerdict = catchVerdicts(writes);
      const unguarded: { unit: ProducerUnit; producer: string }[] = [];
      let enclosingProducer: MetaWrite | null = null;
      for (const write of writes) {
        if (!isProducerWrite(write, requireForAll)) continue;
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
            unguarded.push({ unit: { writes: [write], statements: write.statement ? [write.statement] : [] }, producer });
          }
          continue;
        }
        const verdict = catchVerdict(guard);
        if (verdict !== 'continues') {
          context.report({ node: write.node, messageId: 'catchDoesNotContinue', data: { producer, problem: CATCH_PROBLEMS[verdict] } });
          continue;
        }
        const first = firstProducerInTry.get(guard);
        if (first) {
          context.report({ node: write.node, messageId: 'sharedTry', data: { producer, line: String(first.node.loc.start.line) } });
          continue;
        }
        firstProducerInTry.set(guard, write);
      }
      for (const { unit, producer } of unguarded) reportUnguarded(unit, producer);
    });
  },
});

import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { isSideEffectFree, referenceText } from '../src/analysis/syntax/ast';
import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import { getTypeServices, isTypeScriptFile, type TypeServices } from '../src/analysis/typed/type-services';
import type { MetaWrite } from '../src/analysis/types';
import { droppedFieldsOn, type HostObjectOverSpread } from '../src/analysis/value/host-object-over-spread';
import { catalogueEntryFor, hostNameOf } from '../src/registry/catalogue';
import { createsFromFragment, isAssemblyFromCollected, replacesMeta } from '../src/analysis/value/write-kinds';
import { createRule } from '../src/util/create-rule';
import { lineBreakOf } from '../src/fixes/code-style';
import { metaReadText } from '../src/fixes/meta-read';

export type Options = [];
export type MessageIds =
  | 'replaceMeta'
  | 'rewrapResult'
  | 'rewrapAwaited'
  | 'objectAssignMeta'
  | 'deleteMeta'
  | 'lateMergeLayerAssign'
  | 'mergeLayerFragment'
  | 'spreadMetaFirst'
  | 'replacesHostObject'
  | 'suggestMerge'
  | 'suggestMergeFragment';

/**
 * True when `earlier` cannot run before `later` on one path: they sit in the two branches of one `if`/`?:`, or the
 * block holding `earlier` leaves the function (`return`/`throw` after it) before reaching `later`.
 */
function cannotPrecede(earlier: TSESTree.Node, later: TSESTree.Node): boolean {
  const laterPath = new Map<TSESTree.Node, TSESTree.Node>();
  for (let child = later, node = later.parent; node; child = node, node = node.parent) laterPath.set(node, child);
  for (let child = earlier, node = earlier.parent; node; child = node, node = node.parent) {
    const laterChild = laterPath.get(node);
    if (laterChild !== undefined) {
      // `node` is the nearest common ancestor.
      return (
        (node.type === 'IfStatement' || node.type === 'ConditionalExpression') &&
        ((child === node.consequent && laterChild === node.alternate) || (child === node.alternate && laterChild === node.consequent))
      );
    }
    const body = node.type === 'BlockStatement' ? node.body : node.type === 'SwitchCase' ? node.consequent : null;
    const index = body ? body.indexOf(child as TSESTree.Statement) : -1;
    if (
      body &&
      index >= 0 &&
      body.slice(index + 1).some((statement) => statement.type === 'ReturnStatement' || statement.type === 'ThrowStatement')
    ) {
      return true;
    }
  }
  return false;
}

/** The earlier `_meta` write to the same object in the same function that can run before `write`, if any. */
function earlierWriteToSameTarget(write: MetaWrite, writes: readonly MetaWrite[]): MetaWrite | null {
  if (write.targetText === null) return null;
  for (const other of writes) {
    if (other === write) return null;
    if (other.functionNode !== write.functionNode || other.targetText !== write.targetText) continue;
    if (!cannotPrecede(other.node, write.node)) return other;
  }
  return null;
}

/** Targets that can be followed by `._meta` as written; anything else (`a ?? b`, `c ? a : b`, `await f()`, `x as R`) needs parentheses. */
const MEMBER_SAFE_TARGETS = new Set([
  'Identifier',
  'MemberExpression',
  'CallExpression',
  'ThisExpression',
  'TSNonNullExpression',
  'ChainExpression',
]);

/**
 * What a report of a host key's object written over a spread says: the key as a member of the spread (`extraMeta.ui`,
 * `meta['openai/widgetCSP']`), the host's fields the new object leaves out, and the host.
 */
function hostObjectData(
  name: string,
  over: HostObjectOverSpread,
  dropped: readonly string[],
  sourceCode: TSESLint.SourceCode,
): Record<string, string> {
  const entry = catalogueEntryFor(name);
  const spread = sourceCode.getText(over.spread.argument);
  const reference = referenceText(over.spread.argument);
  const member = /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
  return {
    key: name,
    spread: spread.length <= 40 ? spread : `${spread.slice(0, 37)}…`,
    member: reference !== null ? `${reference}${member}` : `<its ${name}>`,
    fields: dropped.join(', '),
    host: entry ? hostNameOf(entry) : 'the host',
  };
}

function metaOfTarget(target: TSESTree.Node, sourceCode: TSESLint.SourceCode): string {
  return `${targetText(target, sourceCode)}._meta`;
}

/** The target as messages show it before `._meta`: in parentheses when it needs them (`(c ? a : b)._meta`). */
function targetText(target: TSESTree.Node, sourceCode: TSESLint.SourceCode): string {
  const text = sourceCode.getText(target);
  return MEMBER_SAFE_TARGETS.has(target.type) ? text : `(${text})`;
}

/**
 * How the merge fix reads the `_meta` of an object it did not write as `x._meta` (a re-wrap `{ ...x, _meta }`,
 * `Object.assign(x, { _meta })`): `x._meta` is TS2339 where `x`'s type has no `_meta`, and TS2698 where it comes from
 * an index signature of `unknown` (x402's `interface ToolResult { [key: string]: unknown; content: … }`).
 * - `plain`: `...x._meta` — in JavaScript, or when the type has `_meta` (or is `any`);
 * - `cast`: `...(x as { _meta?: Record<string, unknown> })._meta` — the type is known and has no `_meta`;
 * - `suggest`: TypeScript without type information: the type is not seen, so the read goes through the cast (which
 *   type-checks from any object type) and the edit is only a suggestion.
 */
type MetaRead = 'plain' | 'cast' | 'suggest';

function metaReadFor(write: MetaWrite, filename: string, typeServices: () => TypeServices | null): MetaRead {
  if (write.node.type === 'AssignmentExpression' || (write.selfSpread && !write.mergesSelf) || !write.target) return 'plain';
  if (!isTypeScriptFile(filename)) return 'plain';
  const services = typeServices();
  if (!services || !services.holds(write.target)) return 'suggest';
  const type = services.checker.getApparentType(services.typeOf(write.target));
  if (type.flags & services.ts.TypeFlags.Any) return 'plain';
  return type.getProperty('_meta') ? 'plain' : 'cast';
}

/**
 * Inserts `...target._meta` as the first element of the object literal given to `_meta`. For `x._meta = …` the spread
 * repeats the written member as written (`x!._meta`, `(x as R)._meta`), so it type-checks like the assignment does.
 * A literal that already spreads its own `_meta` later (`{ k: v, ...x._meta }`) gets that spread moved first; only
 * the spread and its comma are removed, so comments around it stay. Line breaks are the file's own, and the
 * indentation copied for a property on its own line is whitespace only (never the end of a comment before it).
 */
function mergeFix(write: MetaWrite, sourceCode: TSESLint.SourceCode, readThrough: MetaRead): TSESLint.ReportFixFunction | null {
  const literal = write.metaValue;
  if (!write.target || literal?.type !== 'ObjectExpression') return null;
  const writtenMember = write.node.type === 'AssignmentExpression' ? sourceCode.getText(write.node.left) : null;
  const properties = literal.properties;
  const laterSelfSpread = write.selfSpread && !write.mergesSelf ? properties.indexOf(write.selfSpread) : -1;
  const read =
    writtenMember ??
    (readThrough === 'plain'
      ? metaOfTarget(write.target, sourceCode)
      : metaReadText(targetText(write.target, sourceCode), { optional: false, cast: true }));
  const spread = laterSelfSpread > 0 ? sourceCode.getText(properties[laterSelfSpread]) : `...${read}`;
  const eol = lineBreakOf(sourceCode);
  /**
   * Removes `[start, end)`, the moved spread and its separators. When that range starts right after a `// comment`,
   * the line break ending the comment stays (else the code after the range would join the comment), unless what
   * follows the range starts a new line already.
   */
  const removeAfter = (fixer: TSESLint.RuleFixer, before: TSESTree.Token, end: number): TSESLint.RuleFix => {
    const range: [number, number] = [before.range[1], end];
    if (before.type !== 'Line' || /^[ \t]*(\r\n|\r|\n)/.test(sourceCode.text.slice(end))) return fixer.removeRange(range);
    const gap = sourceCode.text.slice(before.range[1], properties[laterSelfSpread].range[0]);
    return fixer.replaceTextRange(range, /(\r\n|\r|\n)[ \t]*$/.exec(gap)?.[0] ?? eol);
  };
  const removeLater = (fixer: TSESLint.RuleFixer): TSESLint.RuleFix[] => {
    if (laterSelfSpread <= 0) return [];
    const moved = properties[laterSelfSpread];
    const before = sourceCode.getTokenBefore(moved, { includeComments: true })!;
    const after = sourceCode.getTokenAfter(moved, { includeComments: true });
    // `…, ...x._meta,`: the spread, the space before it and its own comma go; comments on either side stay.
    if (after?.value === ',') return [removeAfter(fixer, before, after.range[1])];
    const comma = sourceCode.getTokenBefore(moved)!;
    if (comma.range[0] === before.range[0]) return [fixer.removeRange([comma.range[0], moved.range[1]])];
    return [fixer.remove(comma), removeAfter(fixer, before, moved.range[1])];
  };
  const first = properties[0];
  if (!first) {
    // `{ /* note */ }`, `{ // note`: the spread goes right after the brace, before the comment, which stays.
    if (sourceCode.getCommentsInside(literal).length === 0) return (fixer) => fixer.replaceText(literal, `{ ${spread} }`);
    return (fixer) => fixer.insertTextAfter(sourceCode.getFirstToken(literal)!, ` ${spread},`);
  }
  if (first.loc.start.line === literal.loc.start.line) {
    return (fixer) => [fixer.insertTextBefore(first, `${spread}, `), ...removeLater(fixer)];
  }
  const indent = /^[ \t]*/.exec(sourceCode.lines[first.loc.start.line - 1])![0];
  return (fixer) => [fixer.insertTextBefore(first, `${spread},${eol}${indent}`), ...removeLater(fixer)];
}

/**
 * `out._meta = fragment` -> `out._meta = { ...out._meta, ...fragment }`: the written member read as written (so it
 * type-checks as the assignment does), then the fragment spread over it.
 */
function fragmentMergeFix(write: MetaWrite, sourceCode: TSESLint.SourceCode): TSESLint.ReportFixFunction {
  const member = sourceCode.getText((write.node as TSESTree.AssignmentExpression).left);
  const value = write.metaValue!;
  const text = sourceCode.getText(value);
  const spread = MEMBER_SAFE_TARGETS.has(value.type) ? text : `(${text})`;
  return (fixer) => fixer.replaceText(value, `{ ...${member}, ...${spread} }`);
}

function messageFor(write: MetaWrite): MessageIds {
  if (write.selfSpread && !write.mergesSelf) return 'spreadMetaFirst';
  switch (write.kind) {
    case 'meta-delete':
      return 'deleteMeta';
    case 'object-assign-meta':
      return 'objectAssignMeta';
    case 'meta-literal':
      // `{ ...await next(), _meta }`: its `_meta` can only be read again by calling `next()` a second time.
      return write.target?.type === 'AwaitExpression' ? 'rewrapAwaited' : 'rewrapResult';
    default:
      return 'replaceMeta';
  }
}

export default createRule<Options, MessageIds>({
  name: 'no-wholesale-meta-assign',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow replacing `_meta` wholesale; producers merge per top-level key',
      recommended: true,
    },
    fixable: 'code',
    hasSuggestions: true,
    schema: [],
    messages: {
      replaceMeta:
        '`{{target}}._meta = …` replaces the whole `_meta` and drops every key other producers attached. Merge per key instead: `{{target}}._meta = { ...{{target}}._meta, … }` or `{{target}}._meta.<key> = …` (MCP _meta rule 1).',
      rewrapResult:
        'Re-wrapping `{{target}}` with a new `_meta` drops the keys `{{target}}._meta` already holds. Spread them first: `_meta: { ...{{target}}._meta, … }` (MCP _meta rule 1).',
      rewrapAwaited:
        'Re-wrapping the result of `{{awaited}}` with a new `_meta` drops the keys its `_meta` already holds. Hold the result in a variable and spread its `_meta` first: `const result = {{awaited}};` then `{ ...result, _meta: { ...result._meta, … } }` (MCP _meta rule 1).',
      objectAssignMeta:
        '`Object.assign({{target}}, { _meta })` replaces `_meta` wholesale. Merge per key: `Object.assign({{target}}._meta, { <key>: … })` or `_meta: { ...{{target}}._meta, … }` (MCP _meta rule 1).',
      deleteMeta:
        "`delete {{target}}._meta` drops every producer's key. Remove only the key this file owns: `delete {{target}}._meta.<key>` (MCP _meta rule 1).",
      lateMergeLayerAssign:
        'The merge layer assembles `{{target}}._meta` from collected keys only as the first `_meta` write to it in a function; after the write on line {{line}} this drops keys and breaks merge precedence (MCP _meta rules 1 and 4). Merge instead: `{ ...{{target}}._meta, … }`.',
      mergeLayerFragment:
        'The merge layer assembles `{{target}}._meta` by spreading what it collected, never by assigning a fragment whole: a producer that writes `{{target}}._meta` before this line loses its keys (MCP _meta rules 1 and 4). Merge it: `{{target}}._meta = { ...{{target}}._meta, ...fragment }`.',
      spreadMetaFirst:
        '`{{target}}._meta` is spread after the keys written here, so values already in `_meta` win and this write may silently do nothing. Spread `{{target}}._meta` first: `{ ...{{target}}._meta, … }` (MCP _meta rules 1 and 4).',
      replacesHostObject:
        '`{{key}}` is written as a new object after `...{{spread}}`, which may carry a `{{key}}` of its own: its fields ({{fields}}) are dropped, and {{host}} reads them from this one object. Merge the fields: `{{key}}: { ...{{member}}, … }` (MCP _meta rules 1 and 4).',
      suggestMerge: 'Merge into the existing `_meta`: spread `{{target}}._meta` first.',
      suggestMergeFragment: 'Merge the fragment into `{{target}}._meta`.',
    },
  },
  skipsFile: writesNoMeta,
  create(context) {
    const sourceCode = context.sourceCode;
    return defineMetaRuleVisitor(context, 'replacement', ({ role, writes }) => {
      const services = (): TypeServices | null => getTypeServices(context);
      const filename = context.filename ?? context.getFilename();
      const reportedKeys = new Set<TSESTree.Node>();
      for (const write of writes) {
        // A host key's object written over a spread that may carry one (`{ ...extraMeta, ui: { resourceUri } }`).
        for (const key of write.keys) {
          if (key.overSpread === undefined || key.name === null || key.builtBy !== undefined || reportedKeys.has(key.node)) continue;
          const dropped = droppedFieldsOn(key.name, key.overSpread, write.plane);
          if (dropped.length === 0) continue;
          reportedKeys.add(key.node);
          context.report({
            node: key.node,
            messageId: 'replacesHostObject',
            data: hostObjectData(key.name, key.overSpread, dropped, sourceCode),
          });
        }
        if (role.mergeLayer && createsFromFragment(write)) {
          const target = targetText(write.target!, sourceCode);
          context.report({
            node: write.node,
            messageId: 'mergeLayerFragment',
            data: { target },
            suggest: [{ messageId: 'suggestMergeFragment', data: { target }, fix: fragmentMergeFix(write, sourceCode) }],
          });
          continue;
        }
        // Every `_meta` others may have filled (scope `replacement`): a tool result, an existing descriptor or
        // resource, an object of unknown kind. A descriptor or resource built here from literals has nothing to
        // drop (`replaces` is false for it).
        if (!replacesMeta(write)) continue;
        // Spreading the object's own `_meta` last is rule 4's precedence on a tool result (handler keys first); a
        // descriptor's or resource's author may let what it already holds win (mcp-ui's resource props).
        if (write.plane !== 'result' && write.plane !== 'unknown' && messageFor(write) === 'spreadMetaFirst') continue;
        const target = write.target ? targetText(write.target, sourceCode) : '_';
        if (role.mergeLayer && isAssemblyFromCollected(write)) {
          const earlier = earlierWriteToSameTarget(write, writes);
          if (!earlier) continue;
          context.report({
            node: write.node,
            messageId: 'lateMergeLayerAssign',
            data: { target, line: String(earlier.node.loc.start.line) },
            suggest: suggestionsFor(write, target, metaReadFor(write, filename, services)),
          });
          continue;
        }
        const read = metaReadFor(write, filename, services);
        const fix = mergeFix(write, sourceCode, read);
        const safe = fix !== null && read !== 'suggest' && isSideEffectFree(write.target);
        context.report({
          node: write.node,
          messageId: messageFor(write),
          data: { target, awaited: write.target ? sourceCode.getText(write.target) : '' },
          fix: safe ? fix : null,
          suggest: !safe ? suggestionsFor(write, target, read) : [],
        });
      }

      function suggestionsFor(write: MetaWrite, target: string, read: MetaRead): TSESLint.SuggestionReportDescriptor<MessageIds>[] {
        // `{ ...await next(), _meta }`: reading `_meta` again would run the call a second time.
        if (write.target?.type === 'AwaitExpression') return [];
        const fix = mergeFix(write, sourceCode, read);
        return fix ? [{ messageId: 'suggestMerge', data: { target }, fix }] : [];
      }
    });
  },
});

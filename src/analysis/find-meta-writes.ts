/**
 * Finds every `_meta` write site of one file in a single walk (see `MetaWrite`). This is the one domain visitor all
 * rules share; it knows nothing about which rule will complain about what. The phases live in their own modules:
 * text pre-filter (`mention-index.ts`), subtree pruning (`prune.ts`), plane heuristics (`planes.ts`), classification
 * (`classify-write.ts`) and helpers about the written value (`meta-value.ts`). This file only walks and places.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { forEachChildNode, functionName, isFunctionNode, walkAll } from './ast';
import { aliasOwner, classifyNode, completeWrite, type AliasWrite, type PartialWrite, type WriteSink } from './classify-write';
import { MentionIndex, mayWriteMeta, type WriteVocabulary } from './mention-index';
import { moduleScope, type ModuleScope } from './meta-value';
import { attachOwnership, type ProducerSource } from './ownership';
import { walkKeys, type VisitorKeys } from './prune';
import { bindTeamSinks } from './team-sinks';
import type { MetaWrite } from './types';

type Node = TSESTree.Node;

export type { VisitorKeys, WriteVocabulary };
export { mayWriteMeta };

export interface FindMetaWritesInput {
  /** Absolute path of the file, to resolve keys held in `const`s imported from relative modules; optional. */
  filename?: string;
  ast: TSESTree.Program;
  text: string;
  visitorKeys: VisitorKeys;
  vocabulary: WriteVocabulary;
  /** Whose keys each file produces (the manifest), for each key's `ownership`; without it, writers only. */
  producers?: ProducerSource;
}

let walks = 0;

/** How many files `findMetaWrites` has walked in this process (tests prove the cheap check skips the walk). */
export function metaWalkCount(): number {
  return walks;
}

export function findMetaWrites(input: FindMetaWritesInput): MetaWrite[] {
  if (!mayWriteMeta(input.text, input.vocabulary)) return [];
  walks += 1;
  // ESLint and oxlint link `parent` before rules run; a bare parser (the CLI) does not, and bindings need it.
  if (input.ast.body.length > 0 && !input.ast.body[0].parent) walkAll(input.ast, () => undefined);
  bindTeamSinks(input.ast, input.vocabulary.sinks);
  const finder = new WriteFinder(
    input.vocabulary,
    input.visitorKeys,
    new MentionIndex(input.text, input.vocabulary),
    moduleScope(input.filename ?? null),
  );
  finder.walk(input.ast);
  const writes = finder.finish();
  return input.filename ? attachOwnership(writes, input.filename, input.producers ?? null) : writes;
}

type Site = Pick<MetaWrite, 'functionNode' | 'statement' | 'tryStatement'>;

class WriteFinder implements WriteSink {
  private readonly writes: MetaWrite[] = [];
  private readonly ancestors: Node[] = [];
  /** Names declared `const m = x._meta` somewhere in the file; writes through them are confirmed after the walk. */
  private readonly aliasNames = new Set<string>();
  private readonly aliasWrites: Array<{ write: AliasWrite; site: Site }> = [];
  /** > 0 while inside a manifest hook function: its returns are writes without naming `_meta`, so nothing is skipped. */
  private hookFunctionDepth = 0;

  constructor(
    private readonly vocabulary: WriteVocabulary,
    private readonly visitorKeys: VisitorKeys,
    private readonly mentions: MentionIndex,
    readonly scope: ModuleScope,
  ) {}

  walk(node: Node): void {
    const hookFunction = isFunctionNode(node) && this.vocabulary.hookFunctions.has(functionName(node) ?? '');
    // A subtree whose text names neither `_meta`, nor a manifest name, nor a `_meta` alias cannot write `_meta`.
    if (!hookFunction && this.hookFunctionDepth === 0 && !this.mentions.within(node.range[0], node.range[1])) return;
    if (hookFunction) this.hookFunctionDepth += 1;
    this.visit(node);
    if (hookFunction) this.hookFunctionDepth -= 1;
  }

  finish(): MetaWrite[] {
    for (const { write, site } of this.aliasWrites) {
      const aliased = aliasOwner(write.alias);
      if (aliased) {
        const { owner, plane, evidence } = aliased;
        this.writes.push(
          completeWrite(
            { kind: write.kind, plane, evidence, node: write.node, target: owner, keys: [write.key], alias: write.alias },
            site,
          ),
        );
      }
    }
    return this.writes.sort((a, b) => a.node.range[0] - b.node.range[0]);
  }

  add(write: PartialWrite): void {
    this.writes.push(completeWrite(write, this.site()));
  }

  addAliasWrite(write: AliasWrite): void {
    this.aliasWrites.push({ write, site: this.site() });
  }

  declareAlias(name: string): void {
    if (this.aliasNames.has(name)) return;
    this.aliasNames.add(name);
    this.mentions.addAlias(name);
  }

  enclosingFunction(): Node | null {
    for (let i = this.ancestors.length - 1; i >= 0; i -= 1) {
      if (isFunctionNode(this.ancestors[i])) return this.ancestors[i];
    }
    return null;
  }

  private visit(node: Node): void {
    // An arrow's expression body is what the arrow returns: classify it with the arrow as its function.
    const arrowBody = node.type === 'ArrowFunctionExpression' && node.expression;
    if (arrowBody) this.ancestors.push(node);
    classifyNode(node, this.vocabulary, this);
    if (arrowBody) this.ancestors.pop();
    const keys = walkKeys(this.visitorKeys, node.type);
    if (keys?.length === 0) return;
    this.ancestors.push(node);
    if (keys) {
      // The hot loop of the analysis: inlined (no closure per node), since every node of a `_meta` file passes here.
      for (const key of keys) {
        const child = (node as unknown as Record<string, unknown>)[key];
        if (Array.isArray(child)) {
          for (const item of child) if (item && typeof (item as Node).type === 'string') this.walk(item as Node);
        } else if (child && typeof (child as Node).type === 'string') {
          this.walk(child as Node);
        }
      }
    } else {
      forEachChildNode(node, (child) => this.walk(child));
    }
    this.ancestors.pop();
  }

  /** Where the write being added stands: its function, its statement (to wrap in a try), its nearest enclosing try. */
  private site(): Site {
    let statement: TSESTree.Statement | null = null;
    let tryStatement: TSESTree.TryStatement | null = null;
    let functionNode: Node | null = null;
    for (let i = this.ancestors.length - 1; i >= 0 && !functionNode; i -= 1) {
      const ancestor = this.ancestors[i];
      const child = this.ancestors[i + 1];
      if (isFunctionNode(ancestor) || ancestor.type === 'Program') {
        functionNode = ancestor;
        // A statement directly in the module body (top-level `await`, scripts) is a statement like any other.
        if (!statement && child && ancestor.type === 'Program' && isStatement(child)) statement = child as TSESTree.Statement;
      } else if (ancestor.type === 'TryStatement' && child === ancestor.block) {
        tryStatement ??= ancestor;
      } else if (!statement && child && isBodyOf(ancestor) && isStatement(child)) {
        statement = child as TSESTree.Statement;
      }
    }
    return { functionNode: functionNode ?? this.ancestors[0], statement, tryStatement };
  }
}

function isBodyOf(node: Node): boolean {
  return node.type === 'BlockStatement' || node.type === 'Program' || node.type === 'SwitchCase' || node.type === 'StaticBlock';
}

function isStatement(node: Node): boolean {
  return node.type.endsWith('Statement') || node.type.endsWith('Declaration');
}

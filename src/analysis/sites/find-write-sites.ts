/**
 * Phase 1 of the write analysis: the one walk of the file. It finds every `_meta` write site (`WriteSite`) and where
 * it stands (function, statement, enclosing `try`); which plane each is on and what it writes are the later phases',
 * read per site after the walk. Subtrees the text pre-filter (`mention-index.ts`) or the pruning (`prune.ts`) rule
 * out are not entered.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { countFileWalk, forEachChildNode, functionName, isFunctionNode, walkAll } from '../syntax/ast';
import { MentionIndex, type WriteVocabulary } from './mention-index';
import { aliasedMeta, metaOwner } from '../syntax/meta-syntax';
import { walkKeysOf, type VisitorKeys } from './prune';
import { recognizeSite, type AliasSite, type RecognizedSite, type SiteCollector } from './recognize-site';
import type { SiteLocation, WriteSite } from './write-site';
import { frameworkFieldWords } from '../plane/of-framework';

type Node = TSESTree.Node;

export interface WriteSiteInput {
  ast: TSESTree.Program;
  text: string;
  visitorKeys: VisitorKeys;
  vocabulary: WriteVocabulary;
}

/** The write sites of one file, in walk order; writes through a `_meta` alias last (confirmed once the walk is done). */
export function findWriteSites(input: WriteSiteInput): WriteSite[] {
  // ESLint and oxlint link `parent` before rules run; a bare parser (the CLI) does not, and bindings need it.
  if (input.ast.body.length > 0 && !input.ast.body[0].parent) walkAll(input.ast, () => undefined);
  const mentions = new MentionIndex(input.text, input.vocabulary);
  // A framework's config fields that become `_meta` keys (mcp-use's `visibility`) never name `_meta`: in a file that
  // imports such a framework (its imports, read once per program), they are mentions too.
  const fieldWords = frameworkFieldWords(input.ast, input.text);
  for (const word of fieldWords) mentions.add(word);
  const finder = new SiteFinder(input.vocabulary, input.visitorKeys, mentions, fieldWords.length > 0);
  countFileWalk(true);
  finder.walk(input.ast);
  return finder.finish();
}

class SiteFinder implements SiteCollector {
  private readonly sites: WriteSite[] = [];
  private readonly ancestors: Node[] = [];
  /**
   * Names given a `_meta` somewhere in the file (`const m = x._meta`, `let m = …`, `m = x._meta`); writes through them
   * are confirmed after the walk.
   */
  private readonly aliasNames = new Set<string>();
  private readonly aliasSites: Array<{ site: AliasSite; location: SiteLocation }> = [];
  private readonly hookFunctionCalls = new Map<string, TSESTree.CallExpression[]>();
  /** > 0 while inside a manifest hook function: its returns are writes without naming `_meta`, so nothing is skipped. */
  private hookFunctionDepth = 0;

  constructor(
    private readonly vocabulary: WriteVocabulary,
    private readonly visitorKeys: VisitorKeys,
    private readonly mentions: MentionIndex,
    readonly readsFrameworkFields: boolean,
  ) {
    this.keysByType = walkKeysOf(visitorKeys);
  }

  /** The child keys worth walking per node type (`walkKeysOf`), its cache looked up once per walk. */
  private readonly keysByType: (type: string) => readonly string[] | null;

  walk(node: Node): void {
    const hookFunction = isFunctionNode(node) && this.vocabulary.hookFunctions.has(functionName(node) ?? '');
    // A subtree whose text names neither `_meta`, nor a manifest name, nor a `_meta` alias cannot write `_meta`.
    if (!hookFunction && this.hookFunctionDepth === 0 && !this.mentions.within(node.range[0], node.range[1])) return;
    if (hookFunction) this.hookFunctionDepth += 1;
    this.visit(node);
    if (hookFunction) this.hookFunctionDepth -= 1;
  }

  finish(): WriteSite[] {
    for (const { site, location } of this.aliasSites) {
      // Only a name given a `_meta` somewhere can be an alias: no other variable's values are looked up.
      if (!this.aliasNames.has(site.alias.name)) continue;
      const owner = metaOwner(aliasedMeta(site.alias));
      if (owner) this.sites.push({ ...site, owner, ...location });
    }
    return this.sites;
  }

  add(site: RecognizedSite): void {
    // The recognised object is the walk's own, fresh per site: completed in place rather than copied.
    this.sites.push(Object.assign(site, this.location()) as WriteSite);
  }

  addAliasSite(site: AliasSite): void {
    this.aliasSites.push({ site, location: this.location() });
  }

  declareAlias(name: string): void {
    if (this.aliasNames.has(name)) return;
    this.aliasNames.add(name);
    this.mentions.addAlias(name);
  }

  callsOfHookFunction(name: string): TSESTree.CallExpression[] {
    let calls = this.hookFunctionCalls.get(name);
    if (!calls) this.hookFunctionCalls.set(name, (calls = []));
    return calls;
  }

  enclosingFunction(): Node | null {
    for (let i = this.ancestors.length - 1; i >= 0; i -= 1) {
      if (isFunctionNode(this.ancestors[i])) return this.ancestors[i];
    }
    return null;
  }

  private visit(node: Node): void {
    // An arrow's expression body is what the arrow returns: recognise it with the arrow as its function.
    const arrowBody = node.type === 'ArrowFunctionExpression' && node.expression;
    if (arrowBody) this.ancestors.push(node);
    recognizeSite(node, this.vocabulary, this);
    if (arrowBody) this.ancestors.pop();
    const keys = this.keysByType(node.type);
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

  /** Where the site being added stands: its function, its statement (to wrap in a try), its nearest enclosing try. */
  private location(): SiteLocation {
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

/**
 * Type information, the typescript-eslint way: when the parser was given a program (`parserOptions.projectService` or
 * `project`), the checker and the ESTree -> TypeScript node map; otherwise `null`, and every rule behaves exactly as
 * it does without types ("never change meaning silently"). Built once per AST, beside the write analysis cache.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type * as ts from 'typescript';

import { countCost } from '../../util/cost-counter';
type AnyRuleContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

export interface TypeServices {
  /** The `typescript` module, for its flags; loaded only once a program exists. */
  readonly ts: typeof ts;
  readonly checker: ts.TypeChecker;
  readonly program: ts.Program;
  /**
   * Whether the program knows `node`: false for a node of another module's tree read from disk (an imported helper's
   * returned literal), which no type may be asked about.
   */
  holds(node: TSESTree.Node): boolean;
  /** The TypeScript type of an ESTree node the program holds. */
  typeOf(node: TSESTree.Node): ts.Type;
  /** The type an expression is given to (a declared variable or return type, a parameter), if any. */
  contextualTypeOf(node: TSESTree.Node): ts.Type | undefined;
}

const servicesByAst = new WeakMap<object, TypeServices | null>();

/**
 * `typescript`, loaded on demand: here only once the parser made a program, which it did with this same module (so
 * it is already in memory then), and by `mcp-meta check --typed`; a lint without types, or oxlint, never loads the
 * compiler because of this plugin.
 */
export function loadTypeScript(): typeof ts {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose, see above
  return require('typescript') as typeof ts;
}

/** The file's type services, or null when the parser has no program (no `project`, no `projectService`). */
export function getTypeServices(context: AnyRuleContext): TypeServices | null {
  // Most lints have no program: answered before the per-AST cache, which only a program's services need.
  if (!hasTypeProgram(context)) return null;
  const sourceCode = context.sourceCode ?? context.getSourceCode();
  const ast = sourceCode.ast;
  const cached = servicesByAst.get(ast);
  if (cached !== undefined) return cached;
  const services = createTypeServices(context);
  servicesByAst.set(ast, services);
  return services;
}

/** Whether the file's parse made a TypeScript program (`project` or `projectService`): without one there are no types. */
export function hasTypeProgram(context: AnyRuleContext): boolean {
  const parserServices = (context.sourceCode ?? context.getSourceCode()).parserServices as ProgramParserServices | undefined;
  return Boolean(parserServices?.program && parserServices.esTreeNodeToTSNodeMap);
}

/**
 * What `ESLintUtils.getParserServices(context, true)` gives, read directly: importing `@typescript-eslint/utils` at
 * run time for it would load a large module graph in every process that loads the plugin, a real share of a short
 * run such as oxlint's. A parse without a program (plain parser, espree, oxlint) has no node map or program.
 */
function createTypeServices(context: AnyRuleContext): TypeServices | null {
  const sourceCode = context.sourceCode ?? context.getSourceCode();
  const parserServices = sourceCode.parserServices as ProgramParserServices | undefined;
  return parserServices ? typeServicesOf(parserServices) : null;
}

/** What a parse with a program gave (`parseForESLint`'s `services`), as `getParserServices` or the command has it. */
export interface ProgramParserServices {
  readonly program: ts.Program | null;
  readonly esTreeNodeToTSNodeMap?: { get(node: TSESTree.Node): ts.Node; has(node: unknown): boolean };
}

/** Type services from a parse's services (the rules' through ESLint, `mcp-meta check --typed`'s directly); null without a program. */
export function typeServicesOf(parserServices: ProgramParserServices): TypeServices | null {
  const { program, esTreeNodeToTSNodeMap } = parserServices;
  if (!program || !esTreeNodeToTSNodeMap) return null;
  const checker = program.getTypeChecker();
  // Several rules ask about the same key or value: the checker is asked once per node.
  const types = new WeakMap<TSESTree.Node, ts.Type>();
  return {
    ts: loadTypeScript(),
    checker,
    program,
    holds: (node) => esTreeNodeToTSNodeMap.has(node),
    typeOf: (node) => {
      const known = types.get(node);
      if (known) return known;
      countCost('type-lookups');
      const type = checker.getTypeAtLocation(esTreeNodeToTSNodeMap.get(node));
      types.set(node, type);
      return type;
    },
    contextualTypeOf: (node) => {
      countCost('type-lookups');
      return checker.getContextualType(esTreeNodeToTSNodeMap.get(node) as ts.Expression);
    },
  };
}

/** A TypeScript file (`.ts`, `.tsx`, `.mts`, `.cts`): a fix there may need a cast or a type to keep type-checking. */
export function isTypeScriptFile(filename: string): boolean {
  return /\.[cm]?tsx?$/i.test(filename);
}

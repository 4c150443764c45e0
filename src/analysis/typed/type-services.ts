/**
 * Type information, the typescript-eslint way: when the parser was given a program (`parserOptions.projectService` or
 * `project`), the checker and the ESTree -> TypeScript node map; otherwise `null`, and every rule behaves exactly as
 * it does without types ("never change meaning silently"). Built once per AST, beside the write analysis cache.
 */
import { ESLintUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import type * as ts from 'typescript';

type AnyRuleContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

export interface TypeServices {
  readonly checker: ts.TypeChecker;
  readonly program: ts.Program;
  /** The TypeScript type of an ESTree node. */
  typeOf(node: TSESTree.Node): ts.Type;
}

const servicesByAst = new WeakMap<object, TypeServices | null>();

/** The file's type services, or null when the parser has no program (no `project`, no `projectService`). */
export function getTypeServices(context: AnyRuleContext): TypeServices | null {
  const sourceCode = context.sourceCode ?? context.getSourceCode();
  const ast = sourceCode.ast;
  const cached = servicesByAst.get(ast);
  if (cached !== undefined) return cached;
  const services = createTypeServices(context);
  servicesByAst.set(ast, services);
  return services;
}

function createTypeServices(context: AnyRuleContext): TypeServices | null {
  // `true`: allow a parse without a program (plain parser, espree, oxlint); then `program` is null.
  let parserServices: ReturnType<typeof ESLintUtils.getParserServices>;
  try {
    parserServices = ESLintUtils.getParserServices(context, true);
  } catch {
    return null;
  }
  const { program, esTreeNodeToTSNodeMap } = parserServices;
  if (!program || !esTreeNodeToTSNodeMap) return null;
  const checker = program.getTypeChecker();
  return {
    checker,
    program,
    typeOf: (node) => checker.getTypeAtLocation(esTreeNodeToTSNodeMap.get(node)),
  };
}

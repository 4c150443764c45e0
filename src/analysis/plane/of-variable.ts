/** What a variable's declaration says about the plane of the object it holds (or a parameter's annotation). */
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap } from '../syntax/ast';
import type { PlaneDecision } from '../planes';
import type { TeamSinkNames } from '../../registry/types';
import { isTeamResultBuilderCall, type TeamSinks } from './team-sinks';
import { awaited, isResultSource, laterSinkOf, registrationOf } from './flow';
import { declaratorOf } from '../syntax/bindings';
import { planeOfDeclaredType, planeOfParameter } from './of-type';
import { planeOfShape } from './of-shape';

/**
 * Each declaration's answer, kept with the team sinks it was worked out under: a function writes one object's `_meta`
 * key by key (`out._meta.a = …; out._meta.b = …`), and each write asked again about the same variable (two binding
 * look-ups, its declared type, its source, its later sink, its literal's shape). The answer depends on the AST and on
 * the manifest's sinks it is analysed under (the file context's), so an answer is reused only under the same binding: a memo keyed
 * by its inputs, not state an analysis has to reset.
 */
const planesOfDeclarators = new WeakMap<
  TSESTree.VariableDeclarator,
  { readonly sinks: TeamSinkNames | undefined; readonly decision: PlaneDecision | null }
>();

/** What a variable's declaration says about its plane: its type, its source, its later sink, its literal's shape. */
export function planeOfVariable(identifier: TSESTree.Identifier, sinks: TeamSinks): PlaneDecision | null {
  const declarator = declaratorOf(identifier);
  if (!declarator) return planeOfParameter(identifier);
  const known = planesOfDeclarators.get(declarator);
  if (known !== undefined && known.sinks === sinks) return known.decision;
  const decision = planeOfDeclarator(identifier, declarator, sinks);
  planesOfDeclarators.set(declarator, { sinks, decision });
  return decision;
}

/** `identifier` is a use of the variable `declarator` declares: what it says does not depend on which use. */
function planeOfDeclarator(
  identifier: TSESTree.Identifier,
  declarator: TSESTree.VariableDeclarator,
  sinks: TeamSinks,
): PlaneDecision | null {
  const registered = registrationOf(identifier);
  if (registered) return { plane: registered, evidence: 'source' };
  const declared = planeOfDeclaredType(declarator);
  if (declared) return declared;
  const init = declarator.init ? unwrap(declarator.init) : null;
  if (init && isResultSource(init)) return { plane: 'result', evidence: 'source' };
  if (init && isTeamResultBuilderCall(awaited(init), sinks)) return { plane: 'result', evidence: 'manifest' };
  const later = laterSinkOf(declarator, sinks);
  if (later) return later;
  if (init?.type === 'ObjectExpression') {
    const shaped = planeOfShape(init);
    if (shaped) return { plane: shaped, evidence: 'shape' };
  }
  return null;
}

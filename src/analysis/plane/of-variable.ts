/** What a variable's declaration says about the plane of the object it holds (or a parameter's annotation). */
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap } from '../ast';
import type { PlaneDecision } from '../planes';
import { isTeamResultBuilderCall } from '../team-sinks';
import { awaited, declaratorOf, isResultSource, laterSinkOf, registrationOf } from './flow';
import { planeOfDeclaredType, planeOfParameter } from './of-type';
import { planeOfShape } from './of-shape';

/** What a variable's declaration says about its plane: its type, its source, its later sink, its literal's shape. */
export function planeOfVariable(identifier: TSESTree.Identifier): PlaneDecision | null {
  const declarator = declaratorOf(identifier);
  if (!declarator) return planeOfParameter(identifier);
  const registered = registrationOf(identifier);
  if (registered) return { plane: registered, evidence: 'source' };
  const declared = planeOfDeclaredType(declarator);
  if (declared) return declared;
  const init = declarator.init ? unwrap(declarator.init) : null;
  if (init && isResultSource(init)) return { plane: 'result', evidence: 'source' };
  if (init && isTeamResultBuilderCall(awaited(init))) return { plane: 'result', evidence: 'manifest' };
  const later = laterSinkOf(declarator);
  if (later) return later;
  if (init?.type === 'ObjectExpression') {
    const shaped = planeOfShape(init);
    if (shaped) return { plane: shaped, evidence: 'shape' };
  }
  return null;
}

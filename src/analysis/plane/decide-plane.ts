/**
 * Phase 2 of the write analysis: which plane one write site is on, and the evidence for it (`PlaneDecision`). A member
 * write is placed by its object (`of-owner.ts`), a literal by where it goes and its shape (`of-literal.ts`); both ask
 * where the object flows first (`flow.ts`), then its declared type (`of-type.ts`), its shape, and only then names
 * (`names.ts`). The manifest's emitters, hooks and result builders' `meta` write a tool result's `_meta`, its
 * `classMembers` the plane they name; a hook function's fragment goes where its calls put it (`of-hook-fragment.ts`).
 */
import { MANIFEST_RESULT, UNKNOWN, type PlaneDecision } from '../planes';
import type { FileContext } from '../find-meta-writes';
import type { WriteSite } from '../sites/write-site';
import { planeOfHookFragment } from './of-hook-fragment';
import { planeDecisionOfLiteral } from './of-literal';
import { planeDecisionOfOwner } from './of-owner';

/** The plane of `site` in the file's context (the manifest's team sinks place objects as the SDK's calls do). */
export function decidePlane(site: WriteSite, file: Pick<FileContext, 'sinks' | 'scope'>): PlaneDecision {
  const { sinks } = file;
  const types = file.scope.modules;
  switch (site.form) {
    case 'meta-assign':
    case 'meta-delete':
    case 'key-member':
    case 'assign-into-meta':
      return planeDecisionOfOwner(site.owner, sinks, types);
    case 'object-assign-meta':
      return planeDecisionOfOwner(site.target, sinks, types);
    case 'meta-literal':
      return planeDecisionOfLiteral(site.host, sinks, file.scope.modules) ?? UNKNOWN;
    case 'emit':
    case 'hook-call':
      return MANIFEST_RESULT;
    case 'sink-meta':
      return site.plane === 'result' ? MANIFEST_RESULT : { plane: site.plane, evidence: 'manifest' };
    case 'hook-return':
      return planeOfHookFragment(site.calls, sinks);
    case 'framework-fields':
      // The registration's config: the tool's descriptor, or the resource the framework registers for its view.
      return { plane: site.plane, evidence: 'sink' };
  }
}

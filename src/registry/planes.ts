/**
 * The planes a manifest registers keys on, declared once: `result` (CallToolResult `_meta`, the plane the producer
 * conventions govern), `tool` (a tool descriptor's `_meta`, as `registerTool` and `tools/list` carry it) and
 * `resource` (a resource's or a resource content's `_meta`). The registry is the bottom layer, so this list lives
 * here; everything else reads it: `MetaPlane` (`types.ts`), the keys per plane (`build-registry.ts`), the host-key
 * catalogue's registrable planes (`catalogue.ts`), the analysis' checked planes and the rules' `manifest` scope
 * (`src/analysis/planes.ts`, whose table adds the planes a write can be on that no manifest registers), and the CLI
 * (`add-key --plane`, `init`'s vetting). The JSON Schema's `plane` enum is tested against it
 * (test/registry/planes-one-home.test.ts).
 */
export const META_PLANES = ['result', 'tool', 'resource'] as const;

export type MetaPlane = (typeof META_PLANES)[number];

export function isMetaPlane(plane: unknown): plane is MetaPlane {
  return (META_PLANES as readonly unknown[]).includes(plane);
}

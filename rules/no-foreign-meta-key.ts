import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import { getTypeServices } from '../src/analysis/typed/type-services';
import { keyWritesWithTypes } from '../src/analysis/typed/typed-keys';
import { metaOnPlane } from '../src/analysis/planes';
import { manifestLabel } from '../src/analysis/keys/manifest-label';
import { isOwned } from '../src/analysis/keys/ownership';
import { createRule } from '../src/util/create-rule';
import { posixRelative } from '../src/util/posix-relative';

export type Options = [];
export type MessageIds = 'foreignKey';

export default createRule<Options, MessageIds>({
  name: 'no-foreign-meta-key',
  meta: {
    type: 'problem',
    docs: {
      description: "Disallow writing a registered `_meta` key from a file that is not one of that key's producers",
      recommended: true,
    },
    schema: [],
    messages: {
      foreignKey:
        "{{where}} key '{{key}}' belongs to {{producers}}; '{{file}}' is not one of its producers. One producer per key (MCP _meta rule 1): move this write into the producer, or, if this file now produces the key, add it to the key's producers: run `npx mcp-meta add-key '{{key}}' --producer {{file}} --update-producers` in the folder of {{registry}}.",
    },
  },
  skipsFile: writesNoMeta,
  create(context) {
    return defineMetaRuleVisitor(context, 'manifest', (analysis) => {
      const { registry, writes } = analysis;
      for (const { write, key } of keyWritesWithTypes(writes, getTypeServices(context), registry)) {
        if (key.name === null) continue;
        // A key written on a plane it is not registered for is no-unregistered-meta-key's `wrongPlane`.
        const registration = key.registration;
        if (registration?.status !== 'registered') continue;
        // The model's ownership (attached in ownership.ts): the message names the module that builds the key.
        if (!key.ownership || isOwned(key)) continue;
        const writer = key.ownership.writer;
        const spec = registration.spec;
        context.report({
          node: key.node,
          messageId: 'foreignKey',
          data: {
            where: metaOnPlane(write.plane),
            key: key.name,
            producers: spec.producers.map((glob) => `'${glob}'`).join(', '),
            file: posixRelative(registry.dir, writer),
            registry: manifestLabel(context, registry),
          },
        });
      }
    });
  },
});

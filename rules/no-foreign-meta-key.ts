import path from 'node:path';
import { defineMetaRuleVisitor } from '../src/analysis/meta-context';
import { keyWritesOf } from '../src/analysis/key-writes';
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
        "`_meta` key '{{key}}' belongs to {{producers}}; '{{file}}' is not one of its producers. One producer per key (MCP _meta rule 1): move this write into the producer, or, if this file now produces the key, change keys.{{key}}.producers in {{registry}}.",
    },
  },
  create(context) {
    return defineMetaRuleVisitor(context, ({ filename, registry, role, writes }) => {
      for (const { key } of keyWritesOf(writes)) {
        if (key.name === null) continue;
        const spec = registry.keys.get(key.name);
        if (!spec || role.ownedKeys.includes(key.name)) continue;
        context.report({
          node: key.node,
          messageId: 'foreignKey',
          data: {
            key: key.name,
            producers: spec.producers.map((glob) => `'${glob}'`).join(', '),
            file: posixRelative(registry.dir, filename),
            registry: path.basename(registry.path),
          },
        });
      }
    });
  },
});

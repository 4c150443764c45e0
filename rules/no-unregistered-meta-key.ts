import type { TSESLint } from '@typescript-eslint/utils';
import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import { getTypeServices } from '../src/analysis/typed/type-services';
import { keyWritesWithTypes } from '../src/analysis/typed/typed-keys';
import { planeReportSites } from '../src/analysis/keys/plane-report-sites';
import { keyVerdict } from '../src/analysis/keys/key-verdict';
import { metaOnPlane, planeName, type CheckedPlane } from '../src/analysis/planes';
import { hostNameOf } from '../src/registry';
import { manifestLabel } from '../src/analysis/keys/manifest-label';
import { createRule } from '../src/util/create-rule';
import { unregistrableKeyAdvice } from '../src/analysis/keys/key-name-advice';
import { renameKeyFix } from '../src/fixes/rename-key';
import { builtByHint } from '../src/analysis/modules/imported-helpers';
import { writesKeyCleanly } from '../src/analysis/keys/clean-key-write';
import type { MetaKeyWrite, MetaWrite } from '../src/analysis/types';
import { writesUiFieldAtTop } from '../src/analysis/apps/app-meta';
import { moduleResolverOf } from '../src/analysis/modules/module-resolver';

export type Options = [{ allowDynamicKeys?: boolean }];
export type MessageIds =
  'unregisteredKey' | 'unregisteredKeyDelete' | 'unverifiableKey' | 'wrongPlane' | 'offHostPlane' | 'useRegisteredKey' | 'notServersKey';

export default createRule<Options, MessageIds>({
  name: 'no-unregistered-meta-key',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow writing `_meta` keys that the registry manifest does not list',
      recommended: true,
    },
    hasSuggestions: true,
    defaultOptions: [{ allowDynamicKeys: false }],
    schema: [
      {
        type: 'object',
        properties: {
          allowDynamicKeys: {
            type: 'boolean',
            description: 'Allow keys that cannot be resolved statically (computed from a variable or a call).',
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      unregisteredKey:
        "{{where}} key '{{key}}' is not registered in {{registry}}.{{hint}} Adding a key: register it with one producer, additive-forever (MCP _meta conventions).",
      unregisteredKeyDelete:
        "{{where}} key '{{key}}' is deleted here but is not registered in {{registry}}.{{hint}} No producer writes an unregistered key, so this is likely a typo: delete only the key this file owns.",
      wrongPlane:
        '`_meta` key \'{{key}}\' is registered in {{registry}} for the {{registered}} plane, but written here on a {{plane}}. Write it where it is registered, or add "{{planeValue}}" to keys.{{key}}.plane if it belongs on both.',
      offHostPlane:
        "{{where}} key '{{key}}' is a key {{host}} defines for the {{hostPlanes}} (catalogue entry '{{id}}'), not for a {{plane}}: the host does not read it here. Remove this write, or move it to the {{hostTargets}} `_meta`.",
      unverifiableKey:
        'This `_meta` key is not known statically, so its registration cannot be checked. Use a string literal or a `const`, or set `allowDynamicKeys: true` if it is checked elsewhere.',
      useRegisteredKey: "Use the registered key '{{key}}'.",
      notServersKey: '{{where}} key {{message}} {{advice}}',
    },
  },
  skipsFile: writesNoMeta,
  create(context, [{ allowDynamicKeys }]) {
    return defineMetaRuleVisitor(context, 'keyNames', ({ registry, role, writes }) => {
      const registryName = manifestLabel(context, registry);
      const services = getTypeServices(context);
      const filename = context.filename ?? context.getFilename();
      const planeSites = planeReportSites(writes);
      for (const { write, key } of keyWritesWithTypes(writes, services, registry)) {
        if (key.name === null) {
          // The merge layer forwards collected keys by variable; their writers are checked where they emit.
          if (!allowDynamicKeys && !role.mergeLayer && write.plane === 'result')
            context.report({ node: key.node, messageId: 'unverifiableKey' });
          continue;
        }
        // The verdict `mcp-meta check` reports too (src/analysis/keys/key-verdict.ts): one answer for the gate and the lint.
        const verdict = keyVerdict(registry, write, key.name, filename, key.registration);
        switch (verdict.kind) {
          case 'ok':
            break;
          case 'off-host-plane': {
            const plane = write.plane as CheckedPlane;
            const hostPlanes = verdict.planes.map(planeName);
            for (const node of planeSites(write, key))
              context.report({
                node,
                messageId: 'offHostPlane',
                data: {
                  where: metaOnPlane(plane),
                  key: key.name,
                  host: hostNameOf(verdict.entry),
                  id: verdict.entry.id,
                  hostPlanes: hostPlanes.join(' and '),
                  hostTargets: hostPlanes.join(' or '),
                  plane: planeName(plane),
                },
              });
            break;
          }
          case 'wrong-plane': {
            const registered = verdict.planes.map(planeName).join(' and ');
            for (const node of planeSites(write, key))
              context.report({
                node,
                messageId: 'wrongPlane',
                data: { key: key.name, registry: registryName, registered, plane: planeName(write.plane), planeValue: write.plane },
              });
            break;
          }
          case 'not-servers':
            context.report({
              node: key.node,
              messageId: 'notServersKey',
              data: { where: metaOnPlane(write.plane as CheckedPlane), message: verdict.refusal.message, advice: verdict.refusal.advice },
            });
            break;
          case 'unregistered':
            // `_meta: { ui, visibility: ['app'] }`: a field of `ui` misplaced, valid-app-linkage's to report (registering
            // it would fix nothing); `init` holds such a key back for the same reason.
            if (writesUiFieldAtTop(write, key, moduleResolverOf(filename), context.sourceCode.text)) break;
            reportUnregistered(write, key, key.name, verdict.nearest, write.plane === 'unknown' ? '`_meta`' : metaOnPlane(write.plane));
            break;
        }
      }

      function reportUnregistered(write: MetaWrite, key: MetaKeyWrite, name: string, nearest: string | null, where: string): void {
        // A key an imported helper builds is renamed in that module, not at the call reported here. The rename is
        // offered only when the key it writes is clean here: registered on this plane, this file one of its producers
        // (else the rename makes the write foreign: `add-key --update-producers` is the user's call), its value's
        // fields registered (an unregistered key's fields were never checked).
        // A key a framework writes from its config fields has no name in the code to rename.
        const renames =
          nearest !== null &&
          !key.builtBy &&
          !key.writtenBy &&
          writesKeyCleanly(registry, write, nearest, key.value, filename, services !== null);
        const leaf = renames ? renamedLeaf(key, nearest) : null;
        const fix = leaf ? renameKeyFix(key.node, leaf) : null;
        const suggest: TSESLint.SuggestionReportDescriptor<MessageIds>[] =
          nearest && fix ? [{ messageId: 'useRegisteredKey', data: { key: nearest }, fix }] : [];
        context.report({
          node: key.node,
          messageId: write.kind === 'key-delete' ? 'unregisteredKeyDelete' : 'unregisteredKey',
          data: {
            where,
            key: name,
            registry: registryName,
            hint:
              (nearest ? ` Did you mean '${nearest}'?` : '') +
              builtByHint(key.builtBy, registry.dir) +
              writtenByHint(key) +
              // A near miss's answer is its registered name; only a name with none gets "rename it".
              (nearest ? '' : unregistrableHint(name)),
          },
          suggest,
        });
      }
    });
  },
});

/** For a key whose name the manifest cannot hold (`_sunpeak`): rename it, rather than register it. */
function unregistrableHint(name: string): string {
  const advice = unregistrableKeyAdvice(name);
  return advice ? ` Note: ${advice}` : '';
}

/** For a key a framework writes from config fields: which, so the report at the field makes sense. */
function writtenByHint(key: MetaKeyWrite): string {
  const by = key.writtenBy;
  return by ? ` ${by.framework} writes it from this config's ${by.fields.map((field) => `\`${field}\``).join(', ')}.` : '';
}

/**
 * The name to write at the key's node to write `nearest`: the key itself, or for a key a framework flattened
 * (`openai: { toolInvokation: { invoking } }`) its last segment, when `nearest` differs only there; null otherwise
 * (no fix: renaming an inner segment would rename its siblings too).
 */
function renamedLeaf(key: MetaKeyWrite, nearest: string): string | null {
  if (!key.flattened) return nearest;
  const { prefix, separator } = key.flattened;
  const leaf = nearest.startsWith(prefix + separator) ? nearest.slice(prefix.length + separator.length) : null;
  return leaf && !leaf.includes(separator) ? leaf : null;
}

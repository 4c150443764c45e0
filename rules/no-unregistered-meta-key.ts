import type { TSESLint } from '@typescript-eslint/utils';
import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import { getTypeServices } from '../src/analysis/typed/type-services';
import { keyWritesWithTypes } from '../src/analysis/typed/typed-keys';
import { planeIsChecked, registrationOf } from '../src/analysis/key-writes';
import { metaOnPlane, planeName, PLANE_SCOPES } from '../src/analysis/planes';
import { catalogueKeyNames, deprecatedHostEntry, hostNameOf, offHostPlane, registrationRefusal } from '../src/registry';
import { manifestLabel } from '../src/analysis/manifest-label';
import { createRule } from '../src/util/create-rule';
import { nearestName } from '../src/util/nearest-name';
import { renameKeyFix } from '../src/util/rename-key';
import { isMcpSdkSource } from '../src/util/mcp-sdk-source';
import { builtByHint } from '../src/analysis/imported-helpers';
import type { MetaKeyWrite, MetaWrite } from '../src/analysis/types';

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
      for (const { write, key } of keyWritesWithTypes(writes, getTypeServices(context))) {
        if (key.name === null) {
          // The merge layer forwards collected keys by variable; their writers are checked where they emit.
          if (!allowDynamicKeys && !role.mergeLayer && write.plane === 'result')
            context.report({ node: key.node, messageId: 'unverifiableKey' });
          continue;
        }
        if (write.plane === 'unknown') {
          // Nothing says which object this is: only a near miss of a key registered on some plane, or of a host key a
          // server writes, holds whatever the object is (a key registered on any plane may be written here).
          if (registry.keys.has(key.name)) continue;
          const serverKeys = PLANE_SCOPES.manifest.flatMap((plane) => catalogueKeyNames(plane));
          // A near miss only where the edits are few for the name's length: `x` is two edits from `ui`, no typo of it.
          const maxDistance = Math.min(2, Math.floor(key.name.length / 3));
          const nearest = maxDistance > 0 ? nearestName(key.name, [...registry.keys.keys(), ...serverKeys], { maxDistance }) : null;
          if (nearest) reportUnregistered(write, key, key.name, nearest, '`_meta`');
          continue;
        }
        const registration = registrationOf(registry, key.name, write.plane);
        if (registration.status === 'registered') continue;
        // A host key off its host's planes is never registered there (the manifest validation refuses the plane for a
        // catalogue key; init holds the write back): say where it belongs rather than "register it" or "add the plane".
        const offHost = write.kind === 'key-delete' ? undefined : offHostPlane(key.name, write.plane);
        if (offHost && (registration.status === 'other-plane' || planeIsChecked(registry, write.plane))) {
          const hostPlanes = offHost.planes.map(planeName);
          context.report({
            node: key.node,
            messageId: 'offHostPlane',
            data: {
              where: metaOnPlane(write.plane),
              key: key.name,
              host: hostNameOf(offHost.entry),
              id: offHost.entry.id,
              hostPlanes: hostPlanes.join(' and '),
              hostTargets: hostPlanes.join(' or '),
              plane: planeName(write.plane),
            },
          });
          continue;
        }
        if (registration.status === 'other-plane') {
          const registered = registration.planes.map(planeName).join(' and ');
          context.report({
            node: key.node,
            messageId: 'wrongPlane',
            data: { key: key.name, registry: registryName, registered, plane: planeName(write.plane), planeValue: write.plane },
          });
          continue;
        }
        if (!planeIsChecked(registry, write.plane)) continue;
        // A key the SDK stamps, the other side writes, or MCP reserves is never the server's to register: say what it
        // is instead (the manifest check and add-key refuse it from the same table).
        const refusal = registrationRefusal(key.name);
        if (write.kind === 'key-delete') {
          // Deleting a key the SDK stamps or the other side writes (a gateway dropping the upstream's
          // `io.modelcontextprotocol/serverInfo` from a `_meta` it forwards) names a real key on purpose: no typo.
          if (refusal?.kind === 'transport-owned' || refusal?.kind === 'inbound') continue;
        } else if (refusal !== undefined) {
          // The MCP SDK's own source stamps the keys MCP keeps for itself (the SDK's `serverInfo` stamp): they are its own.
          if (refusal.kind !== 'inbound' && refusal.entry.host === 'mcp' && isMcpSdkSource(context.filename ?? context.getFilename()))
            continue;
          context.report({
            node: key.node,
            messageId: 'notServersKey',
            data: { where: metaOnPlane(write.plane), message: refusal.message, advice: refusal.advice },
          });
          continue;
        }
        // A deprecated host key is no-deprecated-meta-key's report, with its replacement: init holds it back and add-key
        // refuses it, so this rule never asks to register it (nor reports it beside its replacement, the hosts' form).
        if (write.kind !== 'key-delete' && deprecatedHostEntry(key.name, write.plane)) continue;
        // Registered keys of this plane, and the host-defined keys a server may write there (`openai/outputTemplate`).
        const candidates = [...registry.keysOnPlane(write.plane).keys(), ...catalogueKeyNames(write.plane)];
        reportUnregistered(write, key, key.name, nearestName(key.name, candidates, { maxDistance: 2 }), metaOnPlane(write.plane));
      }

      function reportUnregistered(write: MetaWrite, key: MetaKeyWrite, name: string, nearest: string | null, where: string): void {
        // A key an imported helper builds is renamed in that module, not at the call reported here.
        const fix = nearest && !key.builtBy ? renameKeyFix(key.node, nearest) : null;
        const suggest: TSESLint.SuggestionReportDescriptor<MessageIds>[] =
          nearest && fix ? [{ messageId: 'useRegisteredKey', data: { key: nearest }, fix }] : [];
        context.report({
          node: key.node,
          messageId: write.kind === 'key-delete' ? 'unregisteredKeyDelete' : 'unregisteredKey',
          data: {
            where,
            key: name,
            registry: registryName,
            hint: (nearest ? ` Did you mean '${nearest}'?` : '') + builtByHint(key.builtBy, registry.dir),
          },
          suggest,
        });
      }
    });
  },
});

/**
 * `init` proposes the manifest's `sinks.classMembers`: a class whose method registers a tool (or resource) with one of
 * the class's own members as the config's `_meta` is a base class whose subclasses give that `_meta`. In
 *
 *     export abstract class BaseTool {
 *       readonly meta?: { ui?: { resourceUri?: string } };
 *       installTo(server) {
 *         const config = { description: this.description };
 *         if (this.meta) config._meta = this.meta;
 *         return server.registerTool(this.name, config, (args) => this.run(args));
 *       }
 *     }
 *
 * (mapbox/mcp-server) `class RenderMapTool extends BaseTool { readonly meta = { ui: … } }` in another file writes the
 * tool's descriptor `_meta`, so `{ "class": "BaseTool", "member": "meta" }`; mongodb-mcp-server's `_meta: this.toolMeta`
 * in `registerTool(…)`'s config gives `{ "class": "ToolBase", "member": "toolMeta" }`. The method must call an SDK
 * registration (its plane is the entry's); a class without a name cannot be extended by one.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, memberPropertyName, propertyKeyName, unwrap, walkAll } from '../../analysis/syntax/ast';
import { SDK_REGISTRATIONS } from '../../analysis/plane/sdk-registrations';
import type { ManifestClassMember } from '../../registry';

type Node = TSESTree.Node;

/** `class.member` -> the entry (a member found with two planes is dropped: `conflict`). */
export type ProposedClassMembers = Map<string, ManifestClassMember | 'conflict'>;

/** Adds the base classes of one file whose registering method takes a member as the `_meta`. */
export function detectClassMembers(ast: TSESTree.Program, found: ProposedClassMembers): void {
  walkAll(ast, (node) => {
    if ((node.type !== 'ClassDeclaration' && node.type !== 'ClassExpression') || node.id === null) return;
    for (const element of node.body.body) {
      if (element.type !== 'MethodDefinition' || element.static || !element.value.body) continue;
      const plane = registrationPlaneIn(element.value.body);
      if (plane === null) continue;
      for (const member of membersGivenAsMeta(element.value.body)) {
        const id = `${node.id.name}.${member}`;
        const known = found.get(id);
        const entry: ManifestClassMember = { class: node.id.name, member, ...(plane === 'resource' ? { plane } : {}) };
        found.set(id, known === undefined || (known !== 'conflict' && known.plane === entry.plane) ? entry : 'conflict');
      }
    }
  });
}

/** The entries to propose, sorted by class and member. */
export function proposedClassMembers(found: ProposedClassMembers): ManifestClassMember[] {
  return [...found.values()]
    .filter((entry): entry is ManifestClassMember => entry !== 'conflict')
    .sort((a, b) => a.class.localeCompare(b.class) || a.member.localeCompare(b.member));
}

/** The plane of the first SDK tool or resource registration the method calls, or null. */
function registrationPlaneIn(body: Node): 'tool' | 'resource' | null {
  let plane: 'tool' | 'resource' | null = null;
  walkAll(body, (node) => {
    if (plane !== null || node.type !== 'CallExpression') return;
    const registration = SDK_REGISTRATIONS.get(calleeName(node) ?? '');
    if (registration?.plane === 'tool' || registration?.plane === 'resource') plane = registration.plane;
  });
  return plane;
}

/** `_meta: this.x` (a property) and `config._meta = this.x` (an assignment) in the method: the members `x`. */
function membersGivenAsMeta(body: Node): string[] {
  const members: string[] = [];
  walkAll(body, (node) => {
    let value: Node | null = null;
    if (node.type === 'Property' && !node.computed && propertyKeyName(node) === '_meta') value = node.value;
    else if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression' && memberPropertyName(node.left) === '_meta')
      value = node.right;
    const member = value === null ? null : unwrap(value);
    if (member?.type !== 'MemberExpression' || unwrap(member.object).type !== 'ThisExpression' || member.computed) return;
    const name = memberPropertyName(member);
    if (name !== null && !members.includes(name)) members.push(name);
  });
  return members;
}

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
import { memberPropertyName, propertyKeyName, unwrap, walkAll } from '../../analysis/syntax/ast';
import { registrationNameOf, SDK_REGISTRATIONS } from '../../analysis/plane/sdk-registrations';
import type { ManifestClassMember, RegisteredPlane } from '../../registry';

type Node = TSESTree.Node;

/** What the scan found: the base classes, and each named class's `extends` (to list the bases in between). */
export interface ProposedClassMembers {
  /** `class.member` -> the entry (a member found with two planes is dropped: `conflict`). */
  readonly bases: Map<string, ManifestClassMember | 'conflict'>;
  /** Class name -> the name it extends (the last part of `kit.Base`); null for a name defined twice with two bases. */
  readonly extendsOf: Map<string, string | null>;
}

export function emptyClassMembers(): ProposedClassMembers {
  return { bases: new Map(), extendsOf: new Map() };
}

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
        const known = found.bases.get(id);
        const entry: ManifestClassMember = { class: node.id.name, member, ...(plane === 'resource' ? { plane } : {}) };
        found.bases.set(id, known === undefined || (known !== 'conflict' && known.plane === entry.plane) ? entry : 'conflict');
      }
    }
  });
}

/**
 * The entries to propose, sorted by class and member: each base class's, and the same member of every class between it
 * and a subclass (`class MongoDBToolBase extends ToolBase`, then `class FindTool extends MongoDBToolBase`): the lint
 * reads a class whose `extends` names an entry's class, so a base in between needs its own entry (a class nothing
 * extends needs none).
 */
export function proposedClassMembers(found: ProposedClassMembers): ManifestClassMember[] {
  const bases = [...found.bases.values()].filter((entry): entry is ManifestClassMember => entry !== 'conflict');
  const entries = new Map(bases.map((entry) => [`${entry.class}.${entry.member}`, entry]));
  // Only a class something extends needs an entry: a leaf subclass is read through its own `extends`.
  const extended = new Set(found.extendsOf.values());
  for (const [name, superName] of found.extendsOf) {
    // Up the chain of names to a base (a cycle or a conflict stops it); every class on the way gets the base's members.
    const chain: string[] = [];
    for (let current = superName; current !== null && !chain.includes(current); current = found.extendsOf.get(current) ?? null) {
      chain.push(current);
      const own = bases.filter((entry) => entry.class === current);
      if (own.length === 0) continue;
      for (const entry of own) {
        for (const between of [name, ...chain.slice(0, -1)]) {
          const id = `${between}.${entry.member}`;
          // A class that is a base of its own (it registers too) keeps its entry; the extends chain only adds.
          if (!entries.has(id) && extended.has(between)) entries.set(id, { ...entry, class: between });
        }
      }
    }
  }
  return [...entries.values()].sort((a, b) => a.class.localeCompare(b.class) || a.member.localeCompare(b.member));
}

/**
 * Notes what each named class of a file's text extends (`class FindTool extends MongoDBToolBase`, `extends kit.Base`,
 * `class A<T extends X> extends Base<T>`). Read from the text of every file `init` reads, not only the ones it parses:
 * a base in between (mongodb-mcp-server's `MongoDBToolBase`) is often in a file that names neither `_meta` nor a
 * registration.
 */
export function noteClassExtends(text: string, found: ProposedClassMembers): void {
  if (!text.includes('extends')) return;
  for (const match of text.matchAll(CLASS_EXTENDS)) {
    const [, name, superName] = match;
    const known = found.extendsOf.get(name);
    found.extendsOf.set(name, known === undefined || known === superName ? superName : null);
  }
}

/** `class Name [<…>] extends [a.b.]Base`: the name and the base's last part. */
const CLASS_EXTENDS = /\bclass\s+([A-Za-z_$][\w$]*)\s*(?:<[^{]*?>)?\s+extends\s+(?:[A-Za-z_$][\w$]*\s*\.\s*)*([A-Za-z_$][\w$]*)/g;

/** The plane of the first SDK tool or resource registration the method calls, or null. */
function registrationPlaneIn(body: Node): RegisteredPlane | null {
  let plane: RegisteredPlane | null = null;
  walkAll(body, (node) => {
    if (plane !== null || node.type !== 'CallExpression') return;
    const registration = SDK_REGISTRATIONS.get(registrationNameOf(node) ?? '');
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

/** One line per proposal: a base that registers, or a class between such a base and its subclasses. */
export function classMemberNotes(found: ProposedClassMembers): string[] {
  return proposedClassMembers(found).map((entry) => {
    const what = `so what a class extending ${entry.class} gives ${entry.member} is checked as that _meta`;
    if (found.bases.get(`${entry.class}.${entry.member}`) !== undefined)
      return `${entry.class} registers a ${entry.plane ?? 'tool'} with its member ${entry.member} as the _meta: proposed in "sinks.classMembers", ${what}`;
    return `${entry.class} extends ${String(found.extendsOf.get(entry.class))}, whose ${entry.member} is a ${entry.plane ?? 'tool'}'s _meta: proposed in "sinks.classMembers" too, ${what}`;
  });
}

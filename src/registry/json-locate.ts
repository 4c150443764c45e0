import type { Node } from 'jsonc-parser';

/**
 * Maps places in the manifest text (offsets, JSON pointers) to 1-based line and column, so every problem can say
 * where to look. Built once per parse; line starts are computed lazily because most manifests have no problems.
 */
export class JsonLocator {
  private lineStarts: number[] | undefined;
  /** Property name -> value node, per object node, built on first use: a look-up is then O(1) instead of a scan of
   *  the object's properties (30,000 keys with a warning each would otherwise cost 30,000² steps). */
  private readonly childrenByName = new Map<Node, Map<string, Node>>();
  /** Steps taken by `locate` (object properties indexed plus path segments followed); tests assert it is linear. */
  steps = 0;

  constructor(
    private readonly text: string,
    private readonly root: Node | undefined,
  ) {}

  /** 1-based line and column of a 0-based offset. */
  position(offset: number): { line: number; column: number } {
    const starts = (this.lineStarts ??= computeLineStarts(this.text));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low] + 1 };
  }

  /**
   * Line and column of the value at `pointer`; with `atPropertyName`, of the property's name instead (where an unknown
   * or misnamed property should be pointed at). Falls back to the nearest existing ancestor (a removed field: its
   * parent), pointed at the same way.
   */
  locate(pointer: string, atPropertyName = false): { line: number; column: number } | undefined {
    if (!this.root) return undefined;
    const segments = parsePointer(pointer);
    let node = this.root;
    for (const segment of segments) {
      // Pointers do not say whether "0" is an index or a property name; the node they step into does.
      const child = this.child(node, segment);
      if (!child) break;
      node = child;
    }
    const target = atPropertyName ? (propertyNameNode(node) ?? node) : node;
    return this.position(target.offset);
  }

  private child(node: Node, segment: string): Node | undefined {
    this.steps++;
    if (node.type === 'array') {
      const index = Number(segment);
      return Number.isInteger(index) ? node.children?.[index] : undefined;
    }
    if (node.type !== 'object') return undefined;
    let byName = this.childrenByName.get(node);
    if (!byName) {
      byName = new Map();
      for (const property of node.children ?? []) {
        this.steps++;
        const [name, value] = property.children ?? [];
        // The first occurrence, as a pointer is read left to right (a duplicate is reported at its own offset).
        if (name && value && !byName.has(String(name.value))) byName.set(String(name.value), value);
      }
      this.childrenByName.set(node, byName);
    }
    return byName.get(segment);
  }
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 /* \n */) starts.push(i + 1);
    else if (ch === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The name node of the property whose value is `valueNode`, if it is a property value. */
function propertyNameNode(valueNode: Node): Node | undefined {
  const parent = valueNode.parent;
  if (parent?.type === 'property' && parent.children?.[1] === valueNode) return parent.children[0];
  return undefined;
}

/** RFC 6901 pointer -> unescaped path segments. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Path segments -> RFC 6901 pointer. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

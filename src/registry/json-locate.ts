import { findNodeAtLocation, type Node } from 'jsonc-parser';

/**
 * Maps places in the manifest text (offsets, JSON pointers) to 1-based line and column, so every problem can say
 * where to look. Built once per parse; line starts are computed lazily because most manifests have no problems.
 */
export class JsonLocator {
  private lineStarts: number[] | undefined;

  constructor(private readonly text: string, private readonly root: Node | undefined) {}

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
      const step = node.type === 'array' ? Number(segment) : segment;
      const child = findNodeAtLocation(node, [step]);
      if (!child) break;
      node = child;
    }
    const target = atPropertyName ? propertyNameNode(node) ?? node : node;
    return this.position(target.offset);
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

/**
 * The MCP `_meta` key-name rules (MCP specification, "General fields: _meta", revision 2025-11-25 and later):
 * an optional prefix of dot-separated labels followed by `/`, then a name. Labels start with a letter and end with a
 * letter or digit, with letters, digits and hyphens inside. The name starts and ends alphanumeric, with
 * alphanumerics, `-`, `_` and `.` inside. A prefix whose SECOND label is `modelcontextprotocol` or `mcp` is reserved
 * for MCP itself (`io.modelcontextprotocol/`, `dev.mcp/`; but not `com.example.mcp/`).
 *
 * The spec lets the name be empty after a prefix; a registered key must name something, so we require a name.
 */

const LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const RESERVED_SECOND_LABELS = new Set(['modelcontextprotocol', 'mcp']);

export interface KeyNameIssue {
  message: string;
  fix: string;
}

/** `undefined` when `key` is a valid, unreserved `_meta` key name. */
export function checkMetaKeyName(key: string): KeyNameIssue | undefined {
  const slash = key.lastIndexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;

  if (prefix !== undefined) {
    const labels = prefix.split('.');
    const badLabel = labels.find((label) => !LABEL.test(label));
    if (badLabel !== undefined) {
      return {
        message: `Key '${key}' has an invalid prefix label '${badLabel}': MCP _meta prefix labels start with a letter, end with a letter or digit, and contain only letters, digits and hyphens.`,
        fix: `Rename the key so its prefix is dot-separated labels followed by '/', e.g. 'com.example/${name || 'name'}'.`,
      };
    }
    if (labels.length >= 2 && RESERVED_SECOND_LABELS.has(labels[1].toLowerCase())) {
      return {
        message: `Key '${key}' uses the prefix '${prefix}/', which MCP reserves for itself (its second label is '${labels[1]}').`,
        fix: `Use your own reverse-DNS prefix (e.g. 'com.example/${name || 'name'}') or no prefix.`,
      };
    }
  }
  if (name === '') {
    return prefix === undefined
      ? { message: 'A key has an empty name.', fix: 'Give the key a name, e.g. "retrieval".' }
      : { message: `Key '${key}' has no name after its prefix.`, fix: `Add a name after '/', e.g. '${key}name'.` };
  }
  if (!NAME.test(name)) {
    return {
      message: `Key name '${name}' breaks the MCP _meta key-name rules: a name starts and ends with a letter or digit and contains only letters, digits, '-', '_' and '.'.`,
      fix: `Rename the key, e.g. '${suggestName(key, prefix, name)}'.`,
    };
  }
  return undefined;
}

function suggestName(key: string, prefix: string | undefined, name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '') || 'name';
  return prefix !== undefined ? `${prefix}/${cleaned}` : cleaned;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Emitters, hooks and hook functions are matched against callee names, so they must be JavaScript identifiers. */
export function isIdentifierName(name: string): boolean {
  return IDENTIFIER.test(name);
}

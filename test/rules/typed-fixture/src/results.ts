// Objects that carry `_meta`: a tool result type of the server's own, and an unrelated record that happens to have one.
export interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}
export interface CacheEntry {
  key: string;
  value: string;
  _meta?: Record<string, unknown>;
}
export interface StoredDocument {
  content: string;
  _meta?: Record<string, unknown>;
}

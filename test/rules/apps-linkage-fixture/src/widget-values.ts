/**
 * Widget values written once in a module of their own and given as `_meta` fields elsewhere, as real servers do
 * (graffiticode-mcp-server's `WIDGET_CSP`, imported by the module that declares its tools).
 */
const FRAME_HOSTS = ['*.example.com', 'api.example.com'];

/** Bare hosts in `openai/widgetCSP`: ChatGPT does not parse them (graffiticode's bug before its fix e216edc). */
export const BARE_CSP = {
  frame_domains: FRAME_HOSTS,
  connect_domains: ['https://api.example.com'],
};

/** The fix: each host with its scheme. */
export const ORIGIN_CSP = {
  frame_domains: FRAME_HOSTS.map((host) => `https://${host}`),
  connect_domains: ['https://api.example.com', 'https://*.example.com'],
};

export const UI_CSP = { connectDomains: ['https://api.example.com', 'https://api.example.com/v1'] };

export const TYPO_UI = { resourceUri: 'ui://w/veiw.html', visibility: ['model', 'user'] };

export const VIEW_UI = { resourceUri: 'ui://w/view.html', visibility: ['model', 'app'] } as const;

export const PLAIN_HTML_CONFIG = { description: 'The view', mimeType: 'text/html' };

export const APP_CONFIG = { description: 'The view', mimeType: 'text/html;profile=mcp-app' };

/** A list where MCP Apps reads an object of empty objects (`{ camera: {} }`): hosts grant none of these. */
export const CAMERA_PERMISSIONS = ['camera', 'microphone'];

/** A single visibility where MCP Apps reads a list (`['app']`): hosts that read it as a list ignore it. */
export const APP_ONLY = 'app';

/**
 * A small LSP client for `vscode-eslint-language-server` (npm `vscode-langservers-extracted`, the server VS Code's
 * ESLint extension runs), over stdio with `vscode-jsonrpc`'s Content-Length framing. It plays the part of the
 * extension's client: answers `workspace/configuration` with the settings the extension sends, pulls diagnostics
 * (`textDocument/diagnostic`, the server's pull model), asks for code actions, runs their commands and applies the
 * `workspace/applyEdit` the server sends back, and records every `window/showMessage` (the user's error popups).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, type MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { repoRoot } from './e2e';

export const ESLINT_SERVER_BIN = `${repoRoot}/node_modules/vscode-langservers-extracted/bin/vscode-eslint-language-server`;

export interface LspPosition {
  line: number;
  character: number;
}
export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}
export interface LspDiagnostic {
  range: LspRange;
  message: string;
  severity?: number;
  source?: string;
  code?: string | number;
  codeDescription?: { href: string };
}
export interface LspTextEdit {
  range: LspRange;
  newText: string;
}
export interface LspCommand {
  title: string;
  command: string;
  arguments?: unknown[];
}
export interface LspCodeAction {
  title: string;
  kind?: string;
  command?: LspCommand;
  diagnostics?: LspDiagnostic[];
}
interface WorkspaceEdit {
  changes?: Record<string, LspTextEdit[]>;
  documentChanges?: { textDocument: { uri: string }; edits: LspTextEdit[] }[];
}

/** What the extension puts in each `workspace/configuration` answer (client `readConfiguration`, 3.0.x). */
export interface ExtensionSettings {
  /** `eslint.useFlatConfig` (unset: undefined). */
  useFlatConfig?: boolean;
  /** `eslint.experimental.useFlatConfig` (default false; 3.0.x clients always send the object). */
  experimentalUseFlatConfig?: boolean;
}

/**
 * The settings object VS Code's ESLint extension sends for an open, validated document, with the extension's
 * defaults (microsoft/vscode-eslint client/src/client.ts, `readConfiguration`, release 3.0.10; the server in
 * vscode-langservers-extracted 4.10.0 is from the same line and reads `experimental.useFlatConfig` unguarded).
 */
export function extensionSettings(workspaceFolder: string, options: ExtensionSettings = {}): Record<string, unknown> {
  return {
    validate: 'on',
    packageManager: 'npm',
    useESLintClass: false,
    useFlatConfig: options.useFlatConfig,
    experimental: { useFlatConfig: options.experimentalUseFlatConfig ?? false },
    codeActionOnSave: { mode: 'all' },
    format: false,
    quiet: false,
    onIgnoredFiles: 'off',
    options: {},
    rulesCustomizations: [],
    run: 'onType',
    problems: { shortenToSingleLine: false },
    nodePath: null, // eslint.nodePath unset
    workspaceFolder: { name: 'workspace', uri: fileUri(workspaceFolder) },
    workingDirectory: undefined, // eslint.workingDirectories unset
    codeAction: {
      disableRuleComment: { enable: true, location: 'separateLine', commentStyle: 'line' },
      showDocumentation: { enable: true },
    },
  };
}

export function fileUri(file: string): string {
  return pathToFileURL(file).href;
}

/** Applies LSP text edits (non-overlapping, any order) to `text`. */
export function applyTextEdits(text: string, edits: readonly LspTextEdit[]): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const offset = (p: LspPosition) => Math.min((lineStarts[p.line] ?? text.length) + p.character, text.length);
  const sorted = edits
    .map((e) => ({ start: offset(e.range.start), end: offset(e.range.end), text: e.newText }))
    .sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of sorted) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

interface OpenDocument {
  uri: string;
  version: number;
  text: string;
}

export interface ShownMessage {
  type: number;
  message: string;
}

/** LSP `MessageType.Error`: what VS Code shows as an error popup. */
export const MESSAGE_TYPE_ERROR = 1;

export class EslintLanguageServer {
  readonly shownMessages: ShownMessage[] = [];
  readonly logMessages: ShownMessage[] = [];
  readonly stderr: string[] = [];
  private readonly documents = new Map<string, OpenDocument>();
  private readonly appliedEdits: WorkspaceEdit[] = [];

  private constructor(
    private readonly child: ChildProcess,
    private readonly connection: MessageConnection,
  ) {}

  /**
   * Starts the server in `cwd` (VS Code starts it in the workspace folder), initializes it with one workspace folder,
   * and answers every `workspace/configuration` request with `settings`.
   */
  static async start(options: { workspaceFolder: string; settings: Record<string, unknown> }): Promise<EslintLanguageServer> {
    const child = spawn(process.execPath, [ESLINT_SERVER_BIN, '--stdio'], {
      cwd: options.workspaceFolder,
      env: withoutEslintSwitches(process.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const server = new EslintLanguageServer(child, connection);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => server.stderr.push(chunk));

    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => options.settings));
    connection.onRequest('workspace/applyEdit', (params: { edit: WorkspaceEdit }) => {
      server.appliedEdits.push(params.edit);
      return { applied: true };
    });
    connection.onRequest('window/showMessageRequest', (params: ShownMessage) => {
      server.shownMessages.push(params);
      return null;
    });
    // client/registerCapability, window/workDoneProgress/create: accepted, nothing to do.
    connection.onRequest(() => null);
    connection.onNotification('window/showMessage', (params: ShownMessage) => {
      server.shownMessages.push(params);
    });
    connection.onNotification('window/logMessage', (params: ShownMessage) => {
      server.logMessages.push(params);
    });
    connection.onNotification(() => undefined);
    connection.listen();

    const folderUri = fileUri(options.workspaceFolder);
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: folderUri,
      workspaceFolders: [{ name: 'workspace', uri: folderUri }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, applyEdit: true },
        textDocument: {
          diagnostic: { dynamicRegistration: false },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll.eslint'] } } },
        },
        window: { showMessage: {} },
      },
    });
    await connection.sendNotification('initialized', {});
    return server;
  }

  async open(file: string, languageId = 'typescript'): Promise<void> {
    const doc = { uri: fileUri(file), version: 1, text: fs.readFileSync(file, 'utf8') };
    this.documents.set(file, doc);
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: doc.uri, languageId, version: doc.version, text: doc.text },
    });
  }

  /** The editor's text of an open document. */
  textOf(file: string): string {
    return this.document(file).text;
  }

  /** Replaces the whole text (what typing amounts to); the same text again is a no-op edit that still re-lints. */
  async change(file: string, text: string = this.textOf(file)): Promise<void> {
    const doc = this.document(file);
    doc.version += 1;
    doc.text = text;
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: doc.uri, version: doc.version },
      contentChanges: [{ text }],
    });
  }

  /** Pulls the document's diagnostics, as VS Code does after each change. */
  async diagnostics(file: string): Promise<LspDiagnostic[]> {
    const report = await this.connection.sendRequest<{ kind: string; items: LspDiagnostic[] }>('textDocument/diagnostic', {
      textDocument: { uri: this.document(file).uri },
    });
    return report.items;
  }

  async codeActions(file: string, diagnostic: LspDiagnostic): Promise<LspCodeAction[]> {
    const actions = await this.connection.sendRequest<LspCodeAction[] | null>('textDocument/codeAction', {
      textDocument: { uri: this.document(file).uri },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic], triggerKind: 1 },
    });
    return actions ?? [];
  }

  /**
   * Runs a code action's command (the extension sends `workspace/executeCommand`), and returns the text edits the
   * server then asked the client to apply to `file`.
   */
  async runCommand(file: string, command: LspCommand): Promise<LspTextEdit[]> {
    const before = this.appliedEdits.length;
    await this.connection.sendRequest('workspace/executeCommand', { command: command.command, arguments: command.arguments });
    const uri = this.document(file).uri;
    return this.appliedEdits
      .slice(before)
      .flatMap((edit) => [
        ...(edit.changes?.[uri] ?? []),
        ...(edit.documentChanges ?? []).filter((change) => change.textDocument.uri === uri).flatMap((change) => change.edits),
      ]);
  }

  /** Asks the server to shut down and exit; kills it if it has not exited within `graceMs`. Never throws. */
  async stop(graceMs = 5000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await Promise.race([
        (async () => {
          await this.connection.sendRequest('shutdown');
          await this.connection.sendNotification('exit');
        })(),
        new Promise((resolve) => setTimeout(resolve, graceMs)),
      ]);
    } catch {
      // The connection may already be gone; the kill below still runs.
    }
    const killTimer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(killTimer);
    this.connection.dispose();
  }

  private document(file: string): OpenDocument {
    const doc = this.documents.get(file);
    if (!doc) throw new Error(`${file} is not open: call open() first.`);
    return doc;
  }
}

function withoutEslintSwitches(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (/^ESLINT_/.test(name) || name === 'NODE_OPTIONS' || name.startsWith('VITEST')) continue;
    out[name] = value;
  }
  return out;
}

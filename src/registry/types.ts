import type { JsonLocator } from './json-locate';
import type { MetaPlane } from './planes';

/**
 * The registry manifest (`mcp-meta.registry.json`), as written by users (`RegistryManifest`) and as the rules see it
 * once loaded and validated (`Registry`). The loader is the only place that turns one into the other.
 */

import type { FieldType, ManifestTypeSpec } from './field-types';

/** A field spec as written: a list of names, or names mapped to a nested spec. */
export type ManifestFields = string[] | Record<string, ManifestFieldSpec>;

/** A field: optionally typed (`type`, `enum`, `anyOf`; see field-types.ts), nested with `fields` or `items`. */
export interface ManifestFieldSpec extends ManifestTypeSpec {
  /** For an object-valued field: its own fields. */
  fields?: ManifestFields;
  /** For an array: the type of each item; `{ fields }` alone means objects with those fields. */
  items?: ManifestTypeSpec;
  /** A typed field may be absent (typed fields are otherwise required). */
  optional?: boolean;
  /** Kept in the manifest (additive-forever) but no longer written; `diff` treats it as not breaking. */
  deprecated?: boolean;
  description?: string;
}

/** Where a `_meta` key lives: one of `META_PLANES` (`planes.ts`, their one home). */
export type { MetaPlane };

/** What a registration (the SDK's, a team's function, a base class's method) describes: a tool or a resource. */
export type RegisteredPlane = Exclude<MetaPlane, 'result'>;

export interface ManifestKey {
  producers: string[];
  description?: string;
  /** The key's value: an object with `fields` (the default reading), or an array whose items have `fields`. */
  type?: 'object' | 'array';
  fields?: ManifestFields;
  deprecated?: boolean;
  /** The plane(s) the key is written on. Default `"result"`. */
  plane?: MetaPlane | MetaPlane[];
  /** A host-defined key: its name is exempt from the MCP key-name rules (nothing else is). */
  external?: boolean;
  /** Id of a host-key catalogue entry (implies `external`; supplies `fields` and `plane` when the key gives none). */
  catalogue?: string;
}

/**
 * A team's own function that registers a tool or resource (`defineTool(config, cb)`): which argument is the config,
 * and where a tool's callback is (an argument's position, or the config's property that holds it).
 */
export interface ManifestRegistration {
  function: string;
  /** What the config describes. Default `"tool"`. */
  plane?: RegisteredPlane;
  /** 0-based position of the config argument. */
  config: number;
  /** Only for a tool: the callback's position, or the name of the config property that holds it. */
  callback?: number | string;
  /** The separator when the function flattens nested objects under the config's `_meta` into one key per leaf. */
  flattenKeys?: string;
}

/** A team's own function that builds a tool result: its return is one, and so is the argument at `argument`. */
export interface ManifestResultBuilder {
  function: string;
  /** 0-based position of an argument that is itself a tool result. */
  argument?: number;
  /** Where a call gives the result's `_meta` under another name (`respondOk(text, { meta })`). */
  meta?: ManifestMetaOption;
}

/**
 * The argument (and its property) a result builder puts in its result's `_meta`: `{ "argument": 1, "property": "meta" }`
 * for `respondOk(text, { structuredContent, meta })`; without `property`, the argument itself (`withMeta(text, meta)`).
 */
export interface ManifestMetaOption {
  /** 0-based position of the argument. */
  argument: number;
  /** The argument's property that holds the `_meta` value; omitted when the argument is the value. */
  property?: string;
}

/**
 * A base class whose registration puts one of its members in a tool's (or resource's) `_meta` (`_meta: this.toolMeta`,
 * `config._meta = this.meta`): what a class extending it gives that member (`readonly meta = { ui: … }`, `get toolMeta()
 * { return { … } }`) is that `_meta`.
 */
export interface ManifestClassMember {
  /** The base class's name, as `extends` names it. */
  class: string;
  /** The member (a field, getter or method) whose value is the `_meta`. */
  member: string;
  /** What the registration describes. Default `"tool"`. */
  plane?: RegisteredPlane;
}

/** The team's registration functions and result builders (a framework that wraps the SDK's registration). */
export interface ManifestSinks {
  registrations?: ManifestRegistration[];
  resultBuilders?: ManifestResultBuilder[];
  classMembers?: ManifestClassMember[];
}

export interface AcceptedBreak {
  change: string;
  reason: string;
}

export interface RegistryManifest {
  $schema?: string;
  version: 1;
  emitters?: string[];
  hooks?: string[];
  hookFunctions?: string[];
  /** The team's own registration functions and result builders. */
  sinks?: ManifestSinks;
  mergeLayer?: string[];
  ignore?: string[];
  keys: Record<string, ManifestKey>;
  acceptedBreaks?: AcceptedBreak[];
  /** Type names of the server's tool results (`CallToolResult`); with type information, only their `_meta` counts. */
  resultTypes?: string[];
}

/** Normalised field tree. `undefined` where a key or field leaves its fields unchecked. */
export interface FieldSpec {
  name: string;
  deprecated: boolean;
  /** Fields of an object value, when declared. */
  fields?: FieldMap;
  /** Fields of each item of an array value, when declared. */
  items?: FieldMap;
  /** The declared type; `undefined` leaves the value unchecked. */
  type?: FieldType;
  /** Declared `"optional": true`. */
  optional?: boolean;
  description?: string;
}
export type FieldMap = ReadonlyMap<string, FieldSpec>;

export interface KeySpec {
  name: string;
  /** Globs relative to the manifest's folder. */
  producers: readonly string[];
  description?: string;
  /** `undefined`: the manifest does not list this key's fields, so they are not checked. */
  fields?: FieldMap;
  /** Declared `"type"`: an object, or an array whose items have `fields`; `undefined` when not said. */
  type?: 'object' | 'array';
  /** Kept in the manifest (additive-forever) but no longer written. */
  deprecated?: boolean;
  /** The planes the key is registered on; never empty (`['result']` when the manifest says nothing). */
  planes: readonly MetaPlane[];
  /** A host-defined key (`"external": true` or a `"catalogue"` entry): its name is exempt from the key-name rules. */
  external: boolean;
  /** The host-key catalogue entry id the key names, when it names one. */
  catalogue?: string;
}

/** A validated manifest, ready for the rules. Immutable; a new one is made when the file changes. */
export interface Registry {
  /** Absolute path of the manifest file. */
  readonly path: string;
  /** Absolute folder the manifest's globs are relative to. */
  readonly dir: string;
  /** sha256 (hex) of the manifest's bytes; used to invalidate `eslint --cache`. */
  readonly hash: string;
  readonly manifest: RegistryManifest;
  readonly emitters: ReadonlySet<string>;
  readonly hooks: ReadonlySet<string>;
  readonly hookFunctions: ReadonlySet<string>;
  /** `resultTypes` as written (empty when absent): the tool-result type names type-aware mode checks writes against. */
  readonly resultTypes: readonly string[];
  /** `sinks` by function name: the team's registration functions and result builders (empty when absent). */
  readonly sinks: TeamSinkNames;
  readonly keys: ReadonlyMap<string, KeySpec>;
  /** The keys registered on one plane (precomputed: a lookup, no filtering). */
  keysOnPlane(plane: MetaPlane): ReadonlyMap<string, KeySpec>;
  /** What the manifest says about one file (absolute path). Memoised per file. */
  classifyFile(absoluteFilename: string): FileRole;
}

/** A registration function as the analysis reads it (`plane` defaulted). */
export interface RegistrationSink {
  readonly plane: RegisteredPlane;
  readonly config: number;
  readonly callback?: number | string;
  /** The config's nested `_meta` objects are flattened into keys joined with this separator (`"/"`). */
  readonly flattenKeys?: string;
}

/** `sinks` by function name, built once per manifest. */
export interface TeamSinkNames {
  readonly registrations: ReadonlyMap<string, RegistrationSink>;
  /** Result builder name -> the position of its result argument (`undefined`: none, only the return is a result). */
  readonly resultBuilders: ReadonlyMap<string, number | undefined>;
  /** Result builder name -> where its calls give the result's `_meta` under another name (its `meta`). */
  readonly metaOptions: ReadonlyMap<string, ManifestMetaOption>;
  /** Base class name -> member name -> the plane of the `_meta` a subclass's member gives (`classMembers`). */
  readonly classMembers: ReadonlyMap<string, ReadonlyMap<string, RegisteredPlane>>;
}

export interface FileRole {
  /** A file where `_meta` is another plane (eval JSON bodies...): nothing is reported. */
  readonly ignored: boolean;
  /** A file that assembles `_meta` from collected keys (`mergeLayer`). */
  readonly mergeLayer: boolean;
  /** Registered keys whose `producers` match this file. */
  readonly ownedKeys: readonly string[];
  /**
   * A test file by its conventional name or folder (`isTestFile`), read on its path from the manifest's folder: its
   * writes are fixtures and fakes, not producers on the dispatch path (`require-producer-isolation` skips it).
   */
  readonly test: boolean;
}

/** One problem found in a manifest, with where it is and how to fix it. */
export interface RegistryProblem {
  severity: 'error' | 'warning';
  /** Absolute path of the manifest (for `origin: 'settings'`, the text `settings['mcp-meta']`). */
  file: string;
  /** Where the problem is: the manifest (when absent) or ESLint's `settings['mcp-meta']`. */
  origin?: 'manifest' | 'settings';
  /** 1-based line and column in the manifest, when known. */
  line?: number;
  column?: number;
  /** JSON pointer of the offending value (`/keys/retrieval/producers/0`), when the problem is about a value. */
  pointer?: string;
  /** What is wrong. */
  message: string;
  /** What to do about it. */
  fix: string;
}

export type RegistryLoadResult =
  /** `locator` maps JSON pointers of the manifest to line and column, so callers never parse the text again. */
  { ok: true; registry: Registry; warnings: RegistryProblem[]; locator: JsonLocator } | { ok: false; problems: RegistryProblem[] };

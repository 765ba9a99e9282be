import { z } from 'zod';

/*
 * The outside services (payments, text messages, mail) as registries. Each provider is one file
 * that exports a ProviderDefinition: its settings, read from the environment with zod, and a
 * factory. Each kind is one object from provider name to definition. At start, the chosen
 * provider's settings become one value tagged with its name (`{ provider: 'yoco', secretKey, … }`),
 * which is all the rest of the shop sees: nothing after the start reads the environment.
 */

/** The environment as loadConfig receives it. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** A variable read as text; blank counts as unset. Pipe it into a schema that requires a string to make it required. */
export const unsetWhenBlank = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** The settings of a provider that has none (the fakes). */
export const noSettings = z.object({}).transform((): Record<never, never> => ({}));

export interface ProviderDefinition<Settings extends object, Instance, Context> {
  /** Reads and checks the provider's own variables; a required one that is unset is reported as missing. */
  readonly settings: z.ZodType<Settings>;
  /** Where the required variables come from, said when one is missing: "an API token from BulkSMS's settings". */
  readonly whereToGetThem?: string;
  create(settings: Settings, context: Context): Instance;
  /** Why a public shop must not take real orders with this provider (a fake, a test key); undefined when it may. */
  goingLiveProblem?(settings: Settings): string | undefined;
}

/** One kind of provider: name → definition. Method parameters are bivariant, so every definition fits. */
export type Registry = Record<string, ProviderDefinition<object, unknown, never>>;

/** The chosen provider's settings tagged with its name: `{ provider: 'sandbox' } | { provider: 'yoco'; secretKey; … }`. */
export type ChosenSettings<R extends Registry> = {
  [Name in keyof R & string]: { provider: Name } & z.output<R[Name]['settings']>;
}[keyof R & string];

export type ProviderOf<R extends Registry> = ReturnType<R[keyof R & string]['create']>;
type ContextOf<R extends Registry> = Parameters<R[keyof R & string]['create']>[1];

export interface ProviderKind<R extends Registry> {
  readonly providers: R;
  /** The variable that names the provider, as the start's messages call it (PAYMENT_PROVIDER). */
  readonly variable: string;
  /** The name of the provider the environment asks for. */
  choose(env: Environment): string;
}

/** The usual choice: the variable's value, or `fallback` when it is unset. */
export function namedBy<R extends Registry>(providers: R, variable: string, fallback: keyof R & string): ProviderKind<R> {
  return { providers, variable, choose: (env) => env[variable]?.trim() || fallback };
}

/**
 * The chosen provider's settings, or what is wrong with them in the start's words: an unknown
 * name with the known ones, 'PAYMENT_PROVIDER=yoco needs YOCO_SECRET_KEY (…)', or a bad value.
 */
export function readProviderSettings<R extends Registry>(kind: ProviderKind<R>, env: Environment): { settings?: ChosenSettings<R>; problems: string[] } {
  const name = kind.choose(env);
  if (!Object.hasOwn(kind.providers, name)) {
    return { problems: [`${kind.variable}=${name} is not known; set one of: ${Object.keys(kind.providers).join(', ')}`] };
  }
  return readNamedSettings(kind, name, env, `${kind.variable}=${name}`);
}

/**
 * Several providers of one kind at once, in the order `listVariable` names them
 * (PAYMENT_PROVIDERS=yoco,eft), each with its own settings. Without the list, the kind's own
 * variable names the one provider (PAYMENT_PROVIDER=yoco, or its fallback).
 */
export function readProviderList<R extends Registry>(
  kind: ProviderKind<R>,
  listVariable: string,
  env: Environment,
): { settings?: ChosenSettings<R>[]; problems: string[] } {
  const list = env[listVariable]?.trim();
  if (!list) {
    const one = readProviderSettings(kind, env);
    return { settings: one.settings && [one.settings], problems: one.problems };
  }
  if (env[kind.variable]?.trim()) return { problems: [`Set ${listVariable} or ${kind.variable}, not both`] };
  const names = list.split(',').map((name) => name.trim());
  const problems: string[] = [];
  if (names.some((name) => name === '')) problems.push(`${listVariable}=${list} has an empty name: list the providers separated by commas, like yoco,eft`);
  const known = Object.keys(kind.providers);
  for (const name of new Set(names.filter((n) => n !== ''))) {
    if (!Object.hasOwn(kind.providers, name)) problems.push(`${listVariable} names ${name}, which is not known; choose from: ${known.join(', ')}`);
    else if (names.filter((n) => n === name).length > 1) problems.push(`${listVariable} names ${name} twice`);
  }
  if (problems.length > 0) return { problems };
  const read = names.map((name) => readNamedSettings(kind, name, env, `${listVariable} with ${name}`));
  const settings = read.flatMap((r) => (r.settings ? [r.settings] : []));
  return { settings: settings.length === names.length ? settings : undefined, problems: read.flatMap((r) => r.problems) };
}

/** The settings of the provider of this name; `chosenBy` says how it was chosen in a problem ("PAYMENT_PROVIDER=yoco"). */
function readNamedSettings<R extends Registry>(kind: ProviderKind<R>, name: string, env: Environment, chosenBy: string): { settings?: ChosenSettings<R>; problems: string[] } {
  const definition = kind.providers[name]!;
  const parsed = definition.settings.safeParse(env);
  if (parsed.success) return { settings: { provider: name, ...parsed.data } as ChosenSettings<R>, problems: [] };
  const isUnset = (issue: z.core.$ZodIssue) => !env[String(issue.path[0])]?.trim();
  const missing = parsed.error.issues.filter(isUnset).map((issue) => String(issue.path[0]));
  const problems = parsed.error.issues.filter((issue) => !isUnset(issue)).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (missing.length > 0) {
    const where = definition.whereToGetThem ? ` (${definition.whereToGetThem})` : '';
    problems.push(`${chosenBy} needs ${missing.join(' and ')}${where}`);
  }
  return { problems };
}

// The registry's type ties each name to its own settings; TypeScript cannot follow that through an index.
function definitionOf<R extends Registry>(providers: R, settings: ChosenSettings<R>) {
  return providers[settings.provider] as unknown as ProviderDefinition<ChosenSettings<R>, ProviderOf<R>, ContextOf<R>>;
}

/** The working provider for the settings the start read. */
export function createProvider<R extends Registry>(providers: R, settings: ChosenSettings<R>, context: ContextOf<R>): ProviderOf<R> {
  return definitionOf(providers, settings).create(settings, context);
}

export function goingLiveProblem<R extends Registry>(providers: R, settings: ChosenSettings<R>): string | undefined {
  return definitionOf(providers, settings).goingLiveProblem?.(settings);
}

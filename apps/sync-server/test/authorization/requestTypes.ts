import type { LightMyRequestResponse } from 'fastify';
import type { Actor, State } from './actors';
import type { RestKey } from './matrix';
import type { Requester, Scope, World } from './world';

/** What a builder knows about the case it prepares. */
export interface CaseContext {
  world: World;
  actor: Actor;
  state: State;
  scope: Scope;
}

/** How one case is called; method and path pattern come from the matrix key. */
export interface RequestSpec {
  /** The concrete URL; the runner checks that it matches the row's registered path. */
  url: string;
  payload?: unknown;
  /** Sent as someone else than the actor's own browser session (second device, new member). */
  as?: Requester;
  /** A list of the caller's own rows: members must see the world in it (the leak check is not vacuous). */
  listsOwnRows?: true;
  /** Checks a granted answer further (numbers the text search of leaks.ts cannot judge). */
  expectBody?: (body: unknown) => void;
  /** Runs after the answer was checked, also when the check failed. */
  cleanup?: (response: LightMyRequestResponse) => Promise<void>;
}

export type RequestBuilder = (context: CaseContext) => RequestSpec | Promise<RequestSpec>;

/** The matrix keys by the file that says how to call them. */
export type AdminKey = Extract<RestKey, `${string} /api/admin/${string}`>;
export type DocumentationKey = Extract<
  RestKey,
  `${string} /api/${'services' | 'minor-treatments' | 'patient-protocols' | 'access-logs' | 'stats' | 'sync' | `materials/${'used' | 'add-used' | 'clear' | 'export'}`}${string}`
>;
export type TwoFactorKey = Extract<RestKey, `${string} /api/account/totp/${string}`>;
export type KeyRecoveryKey = Extract<RestKey, `${string}/key-recovery${string}`>;
export type SessionKey = Extract<RestKey, `${string} /api/${string}sessions${string}`>;
export type OrganizationKey = Exclude<RestKey, AdminKey | DocumentationKey | TwoFactorKey | KeyRecoveryKey | SessionKey>;

/**
 * The vocabulary of the authorisation matrix (matrix.ts): who asks, in which state the resource
 * is, and what the answer must be. The shorthands below keep one table row on one line.
 */

/**
 * Who asks. Members, admins and the owner belong to the organisation of the resource under test.
 * Service teams: the owner created the world's services and is on their teams;
 * `assignedMember` was assigned by the owner, `codeHolder` joined with the access code; `member`
 * (the unassigned member) and `orgAdmin` are not on the teams.
 */
export const actors = ['anonymous', 'stranger', 'member', 'assignedMember', 'codeHolder', 'orgAdmin', 'owner', 'otherOwner', 'platformAdmin'] as const;
export type Actor = (typeof actors)[number];

/** Actors that belong to the world's organisations (they may see their rows). */
export const memberActors: readonly Actor[] = ['member', 'assignedMember', 'codeHolder', 'orgAdmin', 'owner'];

/** Actors on the teams of the world's services: only they read patient data (docs/security.md). */
export const teamActors: readonly Actor[] = ['assignedMember', 'codeHolder', 'owner'];

/**
 * The state of the resource a row works on. `active`: everything open. `orgBlocked`: the
 * organisation is blocked by a platform admin. `serviceBlocked`: only the service is blocked.
 * `archived`: the service is archived. `discharged`: the protocol is discharged (sealed).
 */
export const states = ['active', 'orgBlocked', 'serviceBlocked', 'archived', 'discharged'] as const;
export type State = (typeof states)[number];

/** States that matter for organisation-, service- and protocol-scoped rows. */
export const organizationStates = ['active', 'orgBlocked'] as const satisfies readonly State[];
export const serviceStates = ['active', 'orgBlocked', 'serviceBlocked', 'archived'] as const satisfies readonly State[];
export const protocolStates = ['active', 'orgBlocked', 'serviceBlocked', 'archived', 'discharged'] as const satisfies readonly State[];

/** Refusals the matrix expects (400 never: every request in the matrix is valid). */
export type Refusal = 401 | 403 | 404 | 409 | 423;
/** A REST answer: the success status of the endpoint or a refusal. */
export type RestOutcome = 200 | 201 | Refusal;
/** A pushed mutation: applied, or rejected with the HTTP-like status of its code; 401 = the push itself. */
export type MutationOutcome = 'applied' | Refusal;

export type Expectation<O> = Readonly<Record<Actor, O>>;
export type StateTable<O> = Readonly<Partial<Record<State, Expectation<O>>>>;

/** Push result codes and the HTTP status the same refusal has over REST. */
export const refusalByCode: Readonly<Record<string, Refusal>> = { FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, BLOCKED: 423, UNAUTHENTICATED: 401 };

/** Anyone, signed in or not (health, sign-in, registration). */
export const everyone = <const O>(ok: O): Expectation<O> => ({
  anonymous: ok, stranger: ok, member: ok, assignedMember: ok, codeHolder: ok, orgAdmin: ok, owner: ok, otherOwner: ok, platformAdmin: ok,
});

/** Any signed-in user: own data only (lists are filtered, see leaks.ts). */
export const signedIn = <const O>(ok: O): Expectation<O | 401> => ({ ...everyone<O | 401>(ok), anonymous: 401 });

/** The admin area: 401 signed out, 403 for everyone but a platform admin. */
export const platformAdminOnly = <const O>(ok: O): Expectation<O | 401 | 403> => ({
  anonymous: 401, stranger: 403, member: 403, assignedMember: 403, codeHolder: 403, orgAdmin: 403, owner: 403, otherOwner: 403, platformAdmin: ok,
});

/**
 * Organisation resources: outsiders — platform admins included — get the 404 of a missing
 * resource (docs/decisions.md "Outsiders get 404"); the three roles get what is given (the team
 * members have the role member).
 */
export const byRole = <const M, const A, const O>(member: M, orgAdmin: A, owner: O): Expectation<M | A | O | 401 | 404> => ({
  anonymous: 401, stranger: 404, member, assignedMember: member, codeHolder: member, orgAdmin, owner, otherOwner: 404, platformAdmin: 404,
});

/** As byRole, with the team (owner, assigned member, code holder) apart from the members off the team. */
export const byTeam = <const T, const N>(team: T, offTeam: N): Expectation<T | N | 401 | 404> => ({
  ...byRole(offTeam, offTeam, team), assignedMember: team, codeHolder: team,
});

/** Every member of the organisation alike. */
export const members = <const O>(answer: O): Expectation<O | 401 | 404> => byRole(answer, answer, answer);

/** Planning rights (`manageServices`, `invite`, `removeMember`): owner and admin; members get 403. */
export const planners = <const O>(answer: O): Expectation<O | 401 | 403 | 404> => byRole(403, answer, answer);

/** Owner-only rights (materials, access logs, archive, key rotation): admins and members get 403. */
export const ownerOnly = <const O>(answer: O): Expectation<O | 401 | 403 | 404> => byRole(403, 403, answer);

/** The patient archive: owner only, and platform admins get the 403 of a non-owner, not a 404. */
export const archiveOwnerOnly = <const O>(answer: O): Expectation<O | 401 | 403 | 404> => ({ ...ownerOnly(answer), platformAdmin: 403 });

/** The same expectation in several states. */
export function inStates<const O>(list: readonly State[], expectation: Expectation<O>): StateTable<O> {
  return Object.fromEntries(list.map((state) => [state, expectation]));
}

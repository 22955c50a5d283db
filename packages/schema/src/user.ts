/** The current user as every API response carries it. Never contains the password hash. */
export interface PublicUser {
  id: number;
  username: string;
  email: string | null;
  /** The address was confirmed through the link sent to it (./emailVerification.ts). */
  emailVerified: boolean;
  fullName: string | null;
  isAdmin: boolean;
  isBlocked: boolean;
  /** Two-factor sign-in is on (./twoFactor.ts). */
  totpEnabled: boolean;
  createdAt: string;
}

export interface BetaModeResponse {
  betaModeEnabled: boolean;
}

import type { RestKey } from './matrix';
import type { RequestBuilder } from './requestTypes';
import { adminRequests } from './requests.admin';
import { documentationRequests } from './requests.documentation';
import { keyRecoveryRequests } from './requests.keyRecovery';
import { organizationRequests } from './requests.organizations';
import { sessionRequests } from './requests.sessions';
import { twoFactorRequests } from './requests.twoFactor';

/** How every row of the REST matrix is called (the type makes a missing or extra builder an error). */
export const restRequests: Record<RestKey, RequestBuilder> = { ...organizationRequests, ...keyRecoveryRequests, ...twoFactorRequests, ...sessionRequests, ...documentationRequests, ...adminRequests };

import type { Endpoint } from './endpoint-types.js';
import { AppVersionAnswer, AppVersionBody, VersionInfo } from './versions.js';

/** Versions: the server's, and the newest client version an admin sets. */
export const VERSION_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/version',
    auth: 'none',
    status: 200,
    summary:
      "The server's version, the API version ('v2') and the newest client version (`app_version`, set by an admin; until then the version of the client this server serves). A client whose own version differs offers to update.",
    answer: VersionInfo,
  },
  {
    method: 'GET',
    path: '/admin/app-version',
    auth: 'admin',
    status: 200,
    summary: 'The newest client version, as GET /version gives it. Admins only (403 otherwise).',
    answer: AppVersionAnswer,
  },
  {
    method: 'PUT',
    path: '/admin/app-version',
    auth: 'admin',
    status: 200,
    summary:
      "Sets the newest client version and tells every session (`app_version_update`). A blank version, one over 32 characters or with characters other than letters, digits and '.+-' is 400 'Please enter a valid version'. Admins only.",
    body: AppVersionBody,
    limits: ['writePerUser'],
    answer: AppVersionAnswer,
  },
];

// The numbers of the API document's Limits table and field rules. Environment-neutral: the
// renderer validates as the seller types with the same numbers the sandbox enforces.

export const limits = {
  offersPerManage: 100,
  credentialsPerRequest: 1000,
  urlsPerAttach: 10,
  screenshotsMaxCount: 20,
  screenshotMaxBytes: 5 * 1024 * 1024,
  outerNameMax: 255,
  internalNameMax: 255,
  descriptionMax: 650,
  loginMax: 255,
  gamePasswordMax: 255,
  credentialCommentMax: 1000,
  /** Rolling windows of 60 s. */
  windowMs: 60_000,
  requestsPerWindow: 120,
  manageOffersPerWindow: 200,
  attachPerWindow: 300,
} as const;

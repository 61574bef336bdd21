// The marketplace's offer rules, shared by the renderer, the store and the sandbox.
export * from './problems';
export * from './fieldKinds';
export * from './credentialRules';
export * from './offerRules';
export * from './statusRules';
export * from './prices';
export * from './consequences';
export * from './belowCost';

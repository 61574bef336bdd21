export * from './result';
export * from './models';
export * from './changeModels';
export * from './profileModels';
export * from './channels';
export * from './api';
export * from './dispatch';
export * from './protocol';

export * from './requestOrigin';

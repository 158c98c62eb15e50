// The one drizzle pg-core schema of the playground, split by domain.
export * from './gateway';
export * from './jobs';
export * from './webhooks';
export * from './requests';
export * from './chains';
export * from './auth';
export * from './grids';
export * from './audit';
export * from './recordings';

export * from './constants.ts';
export * from './error-codes.ts';
export * from './permissions.ts';
export * from './schemas/account.ts';
export * from './schemas/audit.ts';
export * from './schemas/common.ts';
export * from './schemas/platform.ts';
export * from './validation.ts';

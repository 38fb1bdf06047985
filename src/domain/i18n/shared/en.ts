export const shared = {} as const;
